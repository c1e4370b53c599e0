import type { CitationSupport, SupportReport } from "@/lib/rag/support/types";

/** One checked citation in sentence `sentence` of an answer (lexical method, no score). */
export function checkedCitation(
  sentence: number,
  verdict: CitationSupport["verdict"],
  over: { caseNo: string; offset: number; claim: string },
): CitationSupport {
  return { valid: true, sentence, verdict, reason: "", method: "lexical", lexical: 0, ...over };
}

/** A finished support report over `citations`. */
export function supportReport(citations: CitationSupport[]): SupportReport {
  return { status: "done", citations, methods: [], notes: [], ms: 0 };
}
