import { parseList } from "../ai/parse-list";
import { ATOM_MAX_CHARS, ATOMS_MAX, CONTEXT_MAX_CHARS, type EnrichKind } from "../ai/prompts/enrich";

/**
 * Reads what the model wrote for a chunk, defensively. A context: the reply's text without fences,
 * quotes or a label, cut at a sentence end when too long. Atomic questions: a JSON array of strings
 * (or the fallbacks parseList knows). Anything unusable is a failure with a reason (the chunk is
 * retried later), never an empty context or tag in the index.
 */
export type Parsed = { ok: true; output: EnrichOutput } | { ok: false; reason: string };

export type EnrichOutput = { context: string } | { questions: string[] };

function cleanContext(text: string): string {
  let t = text.trim();
  const fenced = t.match(/^```[a-zA-Z]*\s*([\s\S]*?)```$/);
  if (fenced) t = (fenced[1] ?? "").trim();
  // A JSON object some models return anyway: { "context": "…" }.
  if (t.startsWith("{")) {
    try {
      const value = JSON.parse(t) as Record<string, unknown>;
      const s = Object.values(value).find((v) => typeof v === "string");
      if (typeof s === "string") t = s.trim();
    } catch {
      // Not JSON after all: read as text.
    }
  }
  t = t.replace(/^(?:맥락|context|검색용 맥락)\s*[:：]\s*/i, "");
  t = t.replace(/^["'“”‘’「『]+|["'“”‘’」』]+$/g, "");
  return t.replace(/\s+/g, " ").trim();
}

function cutAtSentence(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const end = Math.max(head.lastIndexOf("다."), head.lastIndexOf(". "));
  return end > max / 3 ? head.slice(0, end + (head[end] === "다" ? 2 : 1)).trim() : head.trim();
}

export function parseContext(text: string): Parsed {
  const context = cleanContext(text);
  if (!context) return { ok: false, reason: "맥락 응답이 비어 있습니다" };
  if (context.length < 10) return { ok: false, reason: `맥락이 너무 짧습니다: "${context}"` };
  return { ok: true, output: { context: cutAtSentence(context, CONTEXT_MAX_CHARS) } };
}

export function parseAtoms(text: string): Parsed {
  const listed = parseList(text, { max: ATOMS_MAX, maxLength: ATOM_MAX_CHARS });
  if (!listed.ok) return { ok: false, reason: `질문 목록을 읽지 못했습니다: ${listed.reason}` };
  const questions = listed.items.filter((q) => q.length >= 5);
  if (questions.length === 0) return { ok: false, reason: "쓸 만한 질문이 없습니다" };
  return { ok: true, output: { questions } };
}

export const parseOutput = (kind: EnrichKind, text: string): Parsed =>
  kind === "context" ? parseContext(text) : parseAtoms(text);

/** A stored output (EnrichmentCache.output) back as an object; undefined when damaged. */
export function readOutput(kind: EnrichKind, json: string): EnrichOutput | undefined {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    if (kind === "context" && typeof value.context === "string") return { context: value.context };
    if (kind === "atoms" && Array.isArray(value.questions)) {
      return { questions: value.questions.filter((q): q is string => typeof q === "string") };
    }
  } catch {
    // Damaged: treated as missing (the chunk is made again).
  }
  return undefined;
}
