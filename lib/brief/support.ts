import { logError } from "../errors";
import { summaryChunkIds } from "../ingest/chunk";
import { yieldIfBusy } from "../jobs/time-slice";
import { citationFinder, type FoundDecision } from "../rag/citations";
import { type SupportDeps as CheckDeps, checkSupport, OUTSIDE_REASON } from "../rag/support/check";
import type { VectorStore } from "../store/types";
import type { Chunk } from "../text/decision";
import type { BriefCitation } from "./types";

/**
 * Whether each decision a draft cites supports the sentence citing it: the product's support check
 * (lib/rag/support) against the decision's own 판시사항, 판결요지 and the start of its reasons, read
 * by chunk id (a very large decision's other chunks are never read). Lexical by default; the model
 * reads the pairs only when the lawyer asked (`generate`), in one batched call.
 */

export interface SupportDeps {
  /** The model's verification (the lawyer asked for it and a model is configured). */
  generate?: CheckDeps["generate"];
  signal?: AbortSignal;
  /** What the check left out, in plain Korean (filled here). */
  notes?: string[];
}

/** Chunks of a cited decision's reasons read for the check, after its holdings. */
const REASON_CHUNKS = 24;
/** Decisions whose passages are read at most per check. */
const MAX_DECISIONS = 200;

async function passagesOf(store: VectorStore, corpusId: string, caseNo: string): Promise<Chunk[]> {
  return store.getChunks(corpusId, caseNo, summaryChunkIds(corpusId, caseNo, REASON_CHUNKS));
}

type Judged = NonNullable<BriefCitation["support"]>;

export async function supportOfCitations(
  text: string,
  citations: BriefCitation[],
  deps: SupportDeps & { store: VectorStore },
): Promise<Map<number, Judged>> {
  const out = new Map<number, Judged>();
  const found = new Map<string, FoundDecision>();
  const passages = new Map<string, Chunk[]>();
  for (const c of citations) {
    if (!c.corpusId || c.status === "not_found" || found.has(c.caseNo)) continue;
    if (found.size >= MAX_DECISIONS) {
      deps.notes?.push(`판례가 많아 앞의 ${MAX_DECISIONS}건만 근거를 확인했습니다.`);
      break;
    }
    const caseNo = c.caseNo;
    found.set(caseNo, {
      corpusId: c.corpusId,
      // The number as stored (a joined decision is stored as written): its chunks' ids use it.
      caseNo: c.foundCaseNo ?? caseNo,
      caseName: c.caseName ?? "",
      court: c.foundCourt ?? "",
      courtLevel: "",
      caseType: "",
      decisionDate: c.foundDate ?? "",
    });
  }
  for (const [caseNo, decision] of found) {
    const chunks = await passagesOf(deps.store, decision.corpusId, decision.caseNo).catch((error: unknown) => {
      logError(error);
      return [] as Chunk[];
    });
    passages.set(caseNo, chunks);
    await yieldIfBusy();
  }
  if (found.size === 0) return out;
  const find = citationFinder([], found, true);
  // One batched model call over the whole draft when asked; else paragraph by paragraph, yielding.
  const windows: { start: number; text: string }[] = [];
  if (deps.generate) windows.push({ start: 0, text });
  else {
    let at = 0;
    for (const para of text.split(/\n\s*\n/)) {
      const start = text.indexOf(para, at);
      at = start + para.length;
      if (citations.some((c) => c.start >= start && c.start < at && found.has(c.caseNo)))
        windows.push({ start, text: para });
    }
  }
  for (const w of windows) {
    const report = await checkSupport(find(w.text), [], {
      outside: passages,
      generate: deps.generate,
      signal: deps.signal,
    });
    for (const c of report.citations) {
      if (!c.outside) continue;
      out.set(w.start + c.offset, {
        verdict: c.verdict,
        // The chat's wording says "outside the evidence": here the draft's decision is simply checked.
        reason: (c.reason.startsWith(OUTSIDE_REASON)
          ? c.reason.slice(OUTSIDE_REASON.length).trim()
          : c.reason
        ).replaceAll("답변 문장", "서면의 문장"),
        method: c.method,
        ...(c.quote ? { quote: c.quote } : {}),
      });
    }
    if (deps.generate) deps.notes?.push(...report.notes.filter((n) => !deps.notes?.includes(n)));
    await yieldIfBusy();
  }
  return out;
}
