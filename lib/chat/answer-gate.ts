import { precedentSignals } from "../citations/graph";
import { logError } from "../errors";
import { type BeforeAnswerFn, declineAnswer, thinEvidence } from "../rag/decline";
import type { VectorStore } from "../store/types";
import type { OverruledNote, PrecedentSignals } from "../text/citation-types";
import { decisionKey } from "../text/decision-key";

/**
 * The chat's `beforeAnswer` hook (lib/rag/pipeline.ts): what the citation graph says about the
 * context (cited-by counts and overrulings — shown at once beside the answer, and overrulings told
 * to the answer model), and the thin-evidence gate. A graph that cannot be read costs the signals,
 * never the answer.
 */
export function chatBeforeAnswer(options: {
  store: VectorStore;
  /** DECLINE_MIN_RERANK_SCORE (0: never declines before the answer). */
  minRerankScore: number;
  onSignals: (signals: PrecedentSignals) => void;
}): BeforeAnswerFn {
  return async ({ context, reranked }) => {
    const decisions = context.map((c) => c.chunk);
    const signals = await precedentSignals(decisions).catch((error) => {
      logError(error);
      return undefined;
    });
    if (signals) options.onSignals(signals);
    const overruled: OverruledNote[] = [];
    const seen = new Set<string>();
    for (const chunk of decisions) {
      const key = decisionKey(chunk);
      const by = signals?.[key]?.overruledBy ?? [];
      if (seen.has(key) || by.length === 0) continue;
      seen.add(key);
      overruled.push({ caseNo: chunk.caseNo, by });
    }
    const decline = thinEvidence(context, reranked, options.minRerankScore);
    return {
      overruled,
      ...(decline ? { decline, answer: await declineAnswer(decline, context, options.store) } : {}),
    };
  };
}
