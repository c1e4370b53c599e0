/**
 * Reads the `atomic` strategy's pick: `{"pick": 2}`, `{"pick": null}`, the same in a code fence or
 * inside prose, a bare number, or words meaning "none". Anything else (or a number outside the
 * list) is unreadable, with the reason.
 */
export type ParsedPick = { kind: "pick"; n: number } | { kind: "none" } | { kind: "unreadable"; reason: string };

const NONE = /^(?:없음|없습니다|필요\s*없음|none|null|no)\.?$/i;

function fromValue(value: unknown, count: number): ParsedPick | undefined {
  if (value === null) return { kind: "none" };
  if (typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value.trim()))) {
    const n = Number(value);
    return n >= 1 && n <= count ? { kind: "pick", n } : { kind: "unreadable", reason: `후보에 없는 번호입니다: ${n}` };
  }
  if (typeof value === "string" && NONE.test(value.trim())) return { kind: "none" };
  return undefined;
}

function fromJson(text: string, count: number): ParsedPick | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const key = Object.keys(record).find((k) => /pick|choice|선택|번호/i.test(k));
      return key === undefined ? undefined : fromValue(record[key], count);
    }
    return fromValue(value, count);
  } catch {
    return undefined;
  }
}

export function parsePick(text: string, count: number): ParsedPick {
  const trimmed = text.trim();
  if (!trimmed) return { kind: "unreadable", reason: "응답이 비어 있습니다" };
  const fenced = trimmed.match(/```(?:json|JSON)?\s*([\s\S]*?)```/)?.[1]?.trim();
  const open = trimmed.indexOf("{");
  const close = trimmed.lastIndexOf("}");
  const embedded = open >= 0 && close > open ? trimmed.slice(open, close + 1) : undefined;
  for (const candidate of [trimmed, fenced, embedded]) {
    if (candidate === undefined) continue;
    const parsed = fromJson(candidate, count) ?? fromValue(candidate, count);
    if (parsed) return parsed;
  }
  return { kind: "unreadable", reason: `선택을 읽지 못했습니다: "${trimmed.slice(0, 60)}"` };
}
