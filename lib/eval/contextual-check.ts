import type { EnrichmentState } from "../enrich/eval-state";
import { AppError } from "../errors";
import type { SystemSpec } from "./systems";

/**
 * A contextual-retrieval system (`ctx-*` with a switch on, lib/eval/systems.ts) on a corpus whose
 * contextual index is missing, stale or partial would search the main index — wholly, or for the
 * decisions without a context — and be reported as contextual. The evaluation refuses it instead,
 * saying which corpus, how far its index is, and `npm run enrich`. `ctx-off` (the control, both
 * switches forced off) and the systems that follow the corpus's own switches read no forced
 * contextual index and are not refused.
 */
export const readsContextualIndex = (system: SystemSpec): boolean =>
  Boolean(system.contextual && (system.contextual.bm25 || system.contextual.dense));

const percent = (part: number, whole: number) =>
  `${(Math.floor((part / Math.max(1, whole)) * 1000) / 10).toLocaleString("ko-KR")}%`;

/** Why these systems cannot be evaluated on this corpus now, in plain Korean; null when they can. */
export function contextualRefusal(
  corpusName: string,
  systems: SystemSpec[],
  context: Pick<EnrichmentState["context"], "index" | "decisions" | "withContext">,
): string | null {
  const ids = systems.filter(readsContextualIndex).map((s) => s.id);
  if (ids.length === 0) return null;
  const { index, decisions, withContext } = context;
  if (index === "current" && withContext >= decisions) return null;
  const corpus = `말뭉치 '${corpusName}'`;
  const why =
    withContext === 0
      ? `${corpus}에는 맥락 색인이 없습니다`
      : withContext < decisions
        ? `${corpus}의 맥락 색인에는 판결 ${decisions.toLocaleString("ko-KR")}건 중 ${withContext.toLocaleString("ko-KR")}건(${percent(withContext, decisions)})에만 맥락이 있습니다`
        : index === "stale"
          ? `${corpus}의 맥락 색인이 마지막 가져오기(또는 다시 색인)보다 오래되었습니다`
          : `${corpus}의 맥락 색인이 말뭉치와 맞지 않습니다(맥락 작업이 끝나지 않았거나 중간에 멈췄습니다)`;
  return (
    `${why}. 이대로 평가하면 맥락 검색 시스템(${ids.join(", ")})이 일반 색인을 검색하고도 맥락 검색으로 ` +
    `보고되므로 평가하지 않습니다. 먼저 npm run enrich -- --corpus "${corpusName}" --kind context 로 ` +
    "맥락 색인을 완성하거나(멈춘 작업은 --resume <작업 id>, 실패한 청크는 --retry-failed; 관리 → 말뭉치 → " +
    "보강에서도 됩니다), 이 시스템들을 빼고 평가하세요."
  );
}

export function assertContextualIndex(
  corpusName: string,
  systems: SystemSpec[],
  context: Pick<EnrichmentState["context"], "index" | "decisions" | "withContext">,
): void {
  const refusal = contextualRefusal(corpusName, systems, context);
  if (!refusal) return;
  throw new AppError("eval:no_context_index", {
    userMessage: refusal,
    detail: `contextual index ${context.index}, ${context.withContext}/${context.decisions} decisions with a context`,
  });
}
