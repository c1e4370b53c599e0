import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";

describe("safeRedirectPath (after sign-in)", () => {
  it.each([
    ["/\\evil.example", "backslash: browsers read it as //evil.example"],
    ["/\\\\evil.example", "two backslashes"],
    ["//evil", "protocol-relative"],
    ["///evil", "three slashes"],
    ["/%5Cevil", "encoded backslash"],
    ["/%5cevil", "encoded backslash, lower case"],
    ["/%2F%2Fevil", "encoded slashes"],
    ["/%2f/evil", "half-encoded double slash"],
    ["https://evil", "absolute URL"],
    ["http:/evil", "scheme with one slash"],
    ["javascript:alert(1)", "javascript: URL"],
    ["JavaScript:alert(1)", "javascript: URL, mixed case"],
    ["data:text/html,x", "data: URL"],
    ["/\t/evil.example", "tab dropped by the URL parser"],
    ["/\n/evil.example", "newline dropped by the URL parser"],
    [" /chat", "leading space"],
    ["chat/x", "relative path"],
    ["", "empty"],
    ["/%E0%A4%A", "malformed percent-encoding"],
  ])("refuses %j (%s)", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });

  it("refuses missing values", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(null)).toBe("/");
  });

  it.each([
    ["/", "/"],
    ["/chat/x?y=1#z", "/chat/x?y=1#z"],
    ["/admin/corpora", "/admin/corpora"],
    ["/precedents/2009%EB%8B%A4228?corpus=k", "/precedents/2009%EB%8B%A4228?corpus=k"],
    ["/precedents/2009다228", "/precedents/2009%EB%8B%A4228"],
    ["/chat/../admin", "/admin"],
    ["/search?q=//evil", "/search?q=//evil"],
  ])("accepts the app path %j as %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});
