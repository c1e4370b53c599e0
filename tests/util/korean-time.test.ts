import { describe, expect, it } from "vitest";
import { formatKoreanDate, formatKoreanDateTime, formatKoreanTime } from "@/lib/util/korean-time";

describe("Korean date and time", () => {
  it("writes the time in Korean time with 오전/오후, never PM or seconds", () => {
    // 10:22:52 UTC is 19:22:52 in Seoul.
    expect(formatKoreanTime("2026-11-27T10:22:52Z")).toBe("오후 7:22");
    expect(formatKoreanTime(new Date(Date.UTC(2026, 10, 27, 1, 5)))).toBe("오전 10:05");
  });

  it("says 12 at midnight and noon, and pads the minutes", () => {
    expect(formatKoreanTime("2026-11-26T15:05:00Z")).toBe("오전 12:05");
    expect(formatKoreanTime("2026-11-27T03:00:00Z")).toBe("오후 12:00");
  });

  it("takes the Seoul date, which is a day ahead late in the UTC evening", () => {
    expect(formatKoreanDate("2026-11-26T16:30:00Z")).toBe("2026. 11. 27.");
    expect(formatKoreanDate("2026-11-26T14:30:00Z")).toBe("2026. 11. 26.");
    expect(formatKoreanDate("2026-01-05T00:00:00Z", "long")).toBe("2026년 1월 5일");
    expect(formatKoreanDate(Date.UTC(2026, 2, 1), "monthDay")).toBe("3월 1일");
  });

  it("joins date and time, and gives nothing for an unreadable date", () => {
    expect(formatKoreanDateTime("2026-11-27T10:22:52Z")).toBe("2026. 11. 27. 오후 7:22");
    expect(formatKoreanDateTime("not a date")).toBe("");
    expect(formatKoreanTime(Number.NaN)).toBe("");
  });
});
