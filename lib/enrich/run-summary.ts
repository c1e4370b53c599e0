import type { EnrichKind } from "../ai/prompts/enrich";
import type { EnrichmentCounts } from "../db/enrichment";

/**
 * The closing line of one run of an enrichment job. A job may run several times (resumed after a
 * crash, a restart, Ctrl+C); its `generated` counter adds up over every run, while `done` is
 * counted afresh by each run (settled and cached chunks included). So "새로 작성" is what this run
 * asked the model for, and "이미 있던 것" is the rest of this run's done chunks: those finished
 * before it (an earlier run, another corpus with the same text). Using the job's whole `generated`
 * here made a resumed run report every chunk as new and "이미 있던 것 0개" (issue 23).
 */
export function runSummary(
  kind: EnrichKind,
  counts: Pick<EnrichmentCounts, "done" | "total" | "failed" | "generated">,
  generatedBeforeRun: number,
): string {
  const n = new Intl.NumberFormat("ko-KR");
  const what = kind === "context" ? "맥락" : "원자 질문";
  const fresh = Math.max(0, counts.generated - generatedBeforeRun);
  const existing = Math.max(0, counts.done - fresh);
  const failed =
    counts.failed > 0 ? ` · 실패 ${n.format(counts.failed)}개 (목록 참고, '실패한 청크 다시 시도'로 다시 합니다)` : "";
  return `${what}: 청크 ${n.format(counts.done)}/${n.format(counts.total)}개 완료 (새로 작성 ${n.format(fresh)}개, 이미 있던 것 ${n.format(existing)}개)${failed}.`;
}
