import { describe, expect, it } from "vitest";
import { safeExternalHref } from "@/lib/security/safe-url";

describe("safeExternalHref (출처 links from imported files)", () => {
  it.each([
    ["https://www.law.go.kr/precInfoP.do?precSeq=1", "https://www.law.go.kr/precInfoP.do?precSeq=1"],
    ["http://casenote.kr/대법원/76므41", "http://casenote.kr/%EB%8C%80%EB%B2%95%EC%9B%90/76%EB%AF%8041"],
    ["  HTTPS://Example.com/a  ", "https://example.com/a"],
  ])("links %j", (input, expected) => {
    expect(safeExternalHref(input)).toBe(expected);
  });

  it.each([
    "javascript:alert(document.cookie)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com/x",
    "//evil.example/x",
    "/relative/path",
    "www.law.go.kr",
    "",
    "   ",
    "http://",
  ])("shows %j as text only", (input) => {
    expect(safeExternalHref(input)).toBeNull();
  });

  it("handles missing values", () => {
    expect(safeExternalHref(null)).toBeNull();
    expect(safeExternalHref(undefined)).toBeNull();
  });
});
