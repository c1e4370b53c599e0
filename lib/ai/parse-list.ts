/** How the LLM's list was read (the parse fallbacks, in the order they are tried). */
export type ListParse = "json" | "fenced-json" | "embedded-json" | "lines" | "comma";

/**
 * Reads the short list an LLM was asked to return as a JSON array of strings, defensively: models
 * wrap it in a code fence, put prose around it, number it line by line, or write a bare comma
 * list. Each fallback is tried in that order and the one that worked is reported, so a trace shows
 * how the model actually answered.
 */
export type ParsedList = { ok: true; items: string[]; how: ListParse } | { ok: false; reason: string };

export interface ListRules {
  /** Items kept (the first ones). */
  max: number;
  /** An item longer than this is not a term / a query (the model wrote prose). */
  maxLength: number;
  /** Items equal to these (e.g. the question itself) are dropped. */
  exclude?: string[];
}

const MARKER = /^\s*(?:[-*•·]|\d{1,2}[.)]|[①-⑩]|\(\d{1,2}\))\s*/;

function stringsOf(value: unknown): string[] | undefined {
  if (Array.isArray(value)) {
    const items = value.flatMap((v) => {
      if (typeof v === "string") return [v];
      // [{ "term": "…" }]: the first string field of each object.
      if (v && typeof v === "object") {
        const s = Object.values(v).find((x) => typeof x === "string");
        return typeof s === "string" ? [s] : [];
      }
      return [];
    });
    return items.length ? items : undefined;
  }
  // { "terms": [...] }: the first array inside.
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) {
      const inner = Array.isArray(v) ? stringsOf(v) : undefined;
      if (inner) return inner;
    }
  }
  return undefined;
}

function tryJson(text: string): string[] | undefined {
  try {
    return stringsOf(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function candidates(text: string): { how: ListParse; items: string[] | undefined }[] {
  const fenced = text.match(/```(?:json|JSON)?\s*([\s\S]*?)```/)?.[1];
  const open = text.indexOf("[");
  const close = text.lastIndexOf("]");
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const listed = lines.filter((l) => MARKER.test(l));
  const single = lines.length === 1 ? (lines[0] ?? "") : "";
  return [
    { how: "json", items: tryJson(text) },
    { how: "fenced-json", items: fenced === undefined ? undefined : tryJson(fenced.trim()) },
    { how: "embedded-json", items: open >= 0 && close > open ? tryJson(text.slice(open, close + 1)) : undefined },
    { how: "lines", items: listed.length >= 2 ? listed.map((l) => l.replace(MARKER, "")) : undefined },
    {
      how: "comma",
      // A bare list is one line of short items; a sentence ending in "다." is prose, not a list.
      items: /[,、，]/.test(single) && !/[다요]\.\s*$/.test(single) ? single.split(/[,、，]/) : undefined,
    },
  ];
}

const clean = (item: string) =>
  item
    .trim()
    .replace(/^[[\s"'“”‘’「『]+|[\]\s"'“”‘’」』]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();

export function parseList(text: string, rules: ListRules): ParsedList {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, reason: "응답이 비어 있습니다" };
  const exclude = new Set((rules.exclude ?? []).map(clean));
  let sawList = false;
  for (const { how, items } of candidates(trimmed)) {
    if (!items) continue;
    sawList = true;
    const kept: string[] = [];
    for (const raw of items) {
      const item = clean(raw);
      if (!item || item.length > rules.maxLength || exclude.has(item) || kept.includes(item)) continue;
      kept.push(item);
    }
    if (kept.length > 0) return { ok: true, items: kept.slice(0, rules.max), how };
  }
  return {
    ok: false,
    reason: sawList ? "목록의 항목이 비었거나 너무 깁니다" : "응답에서 목록을 찾지 못했습니다",
  };
}
