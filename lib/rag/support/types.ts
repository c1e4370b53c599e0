/**
 * The citation support check (issue 15): for every case number an answer cites, whether the cited
 * decision's passages actually say what the citing sentence says. Stored with the answer (record
 * and trace) and shown on each citation as 근거 확인 · 근거 약함 · 근거 없음.
 */

export type SupportVerdict = "supported" | "partly" | "unsupported";

/** Which evidence decided a verdict: the tokenizer's overlap, embeddings' cosine, or the model's reading. */
export type SupportMethod = "lexical" | "cosine" | "llm";

export interface CitationSupport {
  /** Where the cited number starts in the answer (the key the renderer looks citations up by). */
  offset: number;
  caseNo: string;
  /** The citation is a case in the context (an unknown number is flagged elsewhere and judged unsupported). */
  valid: boolean;
  /** Judged against a decision found in a corpus outside the evidence (status "corpus"). */
  outside?: boolean;
  /** The answer's sentence (its claim, without the case numbers) the citation stands for. */
  claim: string;
  /** Index of the citing sentence among the answer's cited sentences (0 = the first one). */
  sentence: number;
  verdict: SupportVerdict;
  /** Why, in Korean, for the lawyer (one click away on the mark). */
  reason: string;
  method: SupportMethod;
  /**
   * The decision's own sentence that supports the claim (never set for an unsupported citation):
   * the viewer opens there, highlighted.
   */
  quote?: string;
  /** The passage the quote is in (the viewer's link target). */
  chunkId?: string;
  /** Share of the claim's tokens found in the best sentence(s) of the cited decision (0..1). */
  lexical: number;
  /** Cosine between claim and the best sentence, when embeddings were used. */
  cosine?: number;
  /** The model's verdict as it gave it, when the verification call answered usably. */
  llm?: SupportVerdict;
}

export interface SupportReport {
  /** "skipped": not run (retrieval-only answer, nothing cited, stopped); `notes` says why. */
  status: "done" | "skipped";
  citations: CitationSupport[];
  /** Evidence used beyond the lexical check (cosine, llm), each only when it answered. */
  methods: SupportMethod[];
  /** Why a method was left out or its answer ignored (malformed reply, cooling down, timeout…). */
  notes: string[];
  /** Share of cited sentences judged supported (a sentence counts as supported when any of its citations is). */
  rate?: number;
  ms: number;
}

export const VERDICT_LABEL: Record<SupportVerdict, string> = {
  supported: "근거 확인",
  partly: "근거 약함",
  unsupported: "근거 없음",
};
