/**
 * Korean dates and times for everything on screen: "2026. 11. 27.", "2026년 11월 27일",
 * "오후 7:22". Written out by hand rather than with Intl: a runtime with a small ICU (some
 * browsers, trimmed Node builds) falls back to English and shows "PM 7:22:52". Times are Korean
 * time (Asia/Seoul, UTC+9 all year: Korea keeps no daylight saving time).
 */

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

export type DateInput = Date | string | number;

interface SeoulParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function seoulParts(input: DateInput): SeoulParts | undefined {
  const ms = input instanceof Date ? input.getTime() : new Date(input).getTime();
  if (Number.isNaN(ms)) return undefined;
  const d = new Date(ms + SEOUL_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** "2026. 11. 27." (short), "2026년 11월 27일" (long), "11월 27일" (monthDay); "" for no date. */
export function formatKoreanDate(input: DateInput, style: "short" | "long" | "monthDay" = "short"): string {
  const p = seoulParts(input);
  if (!p) return "";
  if (style === "long") return `${p.year}년 ${p.month}월 ${p.day}일`;
  if (style === "monthDay") return `${p.month}월 ${p.day}일`;
  return `${p.year}. ${p.month}. ${p.day}.`;
}

/** "오후 7:22", "오전 12:05" (just after midnight), "오후 12:00" (noon); "" for no time. */
export function formatKoreanTime(input: DateInput): string {
  const p = seoulParts(input);
  if (!p) return "";
  const half = p.hour < 12 ? "오전" : "오후";
  const hour = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${half} ${hour}:${String(p.minute).padStart(2, "0")}`;
}

/** "2026. 11. 27. 오후 7:22". */
export function formatKoreanDateTime(input: DateInput): string {
  const date = formatKoreanDate(input);
  return date ? `${date} ${formatKoreanTime(input)}` : "";
}
