import { normalizeSpace, userPromptOf } from "./canonical";
import { CHAT_KINDS, ENRICH_KINDS, KIND_ROLE, type PromptKind, promptKindOf } from "./prompt-kind";
import type { ModelRole } from "./types";

/**
 * The simple replay format: replies written by hand or by another tool, without the request.
 *  - chat lines `{question, <kind>: reply}`, kind one of analyst (also `analytical`, the dev file's
 *    name), judge, synonym, multi-query, hyde, answer, verify. A request gets the reply of its kind
 *    (told by its system prompt, lib/ai/model-calls/prompt-kind.ts) from the line whose question its
 *    user prompt contains (whitespace normalised; the longest question wins). A verification request
 *    holds the answer's claims, not the question: it matches the line whose `answer` holds them.
 *  - enrichment lines `{caseNo, text, context | atoms}` (../shared/data/dev/recorded-contexts.jsonl):
 *    matched by the chunk's text (the part of the prompt after the decision) and its case number,
 *    since a few chunks share their text with another decision's.
 * Matched by content, not the prompt text, so they still answer after a prompt is edited: figures
 * measured that way must say the prompts changed since the replies were written.
 */

const FIELD_ALIASES: Record<string, PromptKind> = {
  analytical: "analyst",
  analyst: "analyst",
  judge: "judge",
  synonym: "synonym",
  synonyms: "synonym",
  "multi-query": "multi-query",
  multiQuery: "multi-query",
  hyde: "hyde",
  answer: "answer",
  verify: "verify",
  context: "context",
  atoms: "atoms",
};

/** Which kind an unrecognised system prompt is read as: the role's own (a prompt edited since). */
const ROLE_DEFAULT: Partial<Record<ModelRole, PromptKind>> = { analyst: "analyst", judge: "judge", answer: "answer" };

interface ChatEntry {
  question: string;
  replies: Partial<Record<PromptKind, string>>;
}

const replyText = (value: unknown): string | undefined =>
  typeof value === "string" ? value : Array.isArray(value) ? JSON.stringify(value) : undefined;
const compactCaseNo = (n: string) => n.replace(/\s/g, "");
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The chunk of an enrichment prompt: what sits in its last <청크 …> or <부분 …> element. */
function chunkOfPrompt(prompt: string): string | undefined {
  const match = [...prompt.matchAll(/<(청크|부분)\s[^>]*>\n?([\s\S]*?)\n?<\/\1>/g)].at(-1);
  return match ? normalizeSpace(match[2] ?? "") : undefined;
}

export class SimpleReplies {
  private readonly chat: ChatEntry[] = [];
  /** Normalised chunk text → entries (case number, replies). */
  private readonly enrich = new Map<string, { caseNo: string; replies: Partial<Record<PromptKind, string>> }[]>();
  readonly kinds = new Set<PromptKind>();

  get size(): number {
    return this.chat.length + [...this.enrich.values()].reduce((n, l) => n + l.length, 0);
  }

  /** Takes a line of the simple format; false when it is not one. */
  add(line: Record<string, unknown>): boolean | string {
    const replies: Partial<Record<PromptKind, string>> = {};
    for (const [field, kind] of Object.entries(FIELD_ALIASES)) {
      const text = replyText(line[field]);
      if (text !== undefined) replies[kind] = text;
    }
    const kinds = Object.keys(replies) as PromptKind[];
    if (
      typeof line.text === "string" &&
      typeof line.caseNo === "string" &&
      kinds.some((k) => ENRICH_KINDS.includes(k))
    ) {
      const key = normalizeSpace(line.text);
      if (!key) return "text가 비어 있습니다";
      const list = this.enrich.get(key) ?? [];
      list.push({ caseNo: compactCaseNo(line.caseNo), replies });
      this.enrich.set(key, list);
      for (const k of kinds) if (ENRICH_KINDS.includes(k)) this.kinds.add(k);
      return true;
    }
    if (typeof line.question === "string" && kinds.some((k) => CHAT_KINDS.includes(k))) {
      const question = normalizeSpace(line.question);
      if (!question) return "question이 비어 있습니다";
      this.chat.push({ question, replies });
      for (const k of kinds) if (CHAT_KINDS.includes(k)) this.kinds.add(k);
      return true;
    }
    return false;
  }

  roles(): Set<ModelRole> {
    return new Set([...this.kinds].map((k) => KIND_ROLE[k]));
  }

  kindOf(role: ModelRole, body: Record<string, unknown>): PromptKind | undefined {
    const kind = promptKindOf(body) ?? ROLE_DEFAULT[role];
    return kind && KIND_ROLE[kind] === role ? kind : undefined;
  }

  /** The reply for a request, or undefined. */
  lookup(role: ModelRole, body: Record<string, unknown>): string | undefined {
    const kind = this.kindOf(role, body);
    if (!kind || !this.kinds.has(kind)) return undefined;
    const prompt = userPromptOf(body);
    if (ENRICH_KINDS.includes(kind)) return this.lookupEnrichment(kind, prompt);
    const flat = normalizeSpace(prompt);
    if (kind === "verify") return this.lookupVerify(flat);
    let best: ChatEntry | undefined;
    for (const entry of this.chat) {
      if (entry.replies[kind] === undefined || !flat.includes(entry.question)) continue;
      if (!best || entry.question.length > best.question.length) best = entry;
    }
    return best?.replies[kind];
  }

  /** The kind a request asks for when the file holds that kind for other questions (a gap, not a mismatch). */
  uncoveredKind(role: ModelRole, body: Record<string, unknown>): PromptKind | undefined {
    const kind = this.kindOf(role, body);
    return kind && this.kinds.has(kind) ? kind : undefined;
  }

  private lookupEnrichment(kind: PromptKind, prompt: string): string | undefined {
    const chunk = chunkOfPrompt(prompt);
    if (!chunk) return undefined;
    const candidates = (this.enrich.get(chunk) ?? []).filter((e) => e.replies[kind] !== undefined);
    // The decision's header line (context: after <판결문>; atoms: "사건: …") names its case number.
    const header = compactCaseNo(prompt.split("\n").slice(0, 2).join(" "));
    const hit = candidates.find((e) => new RegExp(`(?<!\\d)${escapeRegExp(e.caseNo)}(?!\\d)`).test(header));
    return hit?.replies[kind];
  }

  private lookupVerify(prompt: string): string | undefined {
    const claims = [...prompt.matchAll(/<주장>([\s\S]*?)<\/주장>/g)].map((m) => normalizeSpace(m[1] ?? ""));
    let best: { entry: ChatEntry; found: number } | undefined;
    for (const entry of this.chat) {
      const answer = entry.replies.answer;
      if (entry.replies.verify === undefined || !answer) continue;
      const text = normalizeSpace(answer);
      const found = claims.filter((c) => c && text.includes(c.slice(0, 15))).length;
      if (found > 0 && (!best || found > best.found)) best = { entry, found };
    }
    return best?.entry.replies.verify;
  }
}
