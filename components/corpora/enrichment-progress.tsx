"use client";

import { JobFooter, remainingText } from "@/components/jobs/job-controls";
import { JobIssues } from "@/components/jobs/job-issues";
import { ProgressBar } from "@/components/progress-bar";
import type { EnrichmentJobView } from "@/lib/enrich/view";

const STATUS_TEXT: Record<EnrichmentJobView["status"], string> = {
  queued: "대기 중",
  running: "보강 중",
  done: "완료",
  failed: "실패",
  cancelled: "취소됨",
  interrupted: "중단됨",
};

export const KIND_TEXT = { context: "맥락", atoms: "원자 질문" } as const;

const number = new Intl.NumberFormat("ko-KR");
/** Prices are in the admin's currency (any): a few decimals, no symbol. */
export const money = (x: number) => x.toLocaleString("ko-KR", { maximumFractionDigits: x < 1 ? 4 : 2 });

/** One enrichment job: counts, tokens, cost and its projection, ETA, failures; cancel and resume. */
export function EnrichmentProgress({
  job,
  onCancel,
  onResume,
}: {
  job: EnrichmentJobView;
  onCancel?: () => void;
  onResume?: () => void;
}) {
  const resolved = job.done + job.failed;
  const ratio = job.total > 0 ? Math.min(1, resolved / job.total) : job.status === "done" ? 1 : 0;
  return (
    <div className="space-y-2" data-testid="enrich-job" data-job-id={job.id} data-status={job.status}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span data-testid="enrich-status" data-status={job.status} className="font-medium">
          {KIND_TEXT[job.kind]} {job.retryOnly ? "실패분 다시 시도 " : ""}
          {STATUS_TEXT[job.status]}
          <span className="font-normal text-muted">
            {" "}
            · {job.mode === "batch" ? "배치" : "실시간"} · {job.model}
          </span>
        </span>
        {job.status === "running" ? (
          <span className="shrink-0 text-xs text-muted" data-testid="enrich-eta">
            {remainingText(job.etaSeconds)}
          </span>
        ) : null}
      </div>
      <ProgressBar
        percent={Math.round(ratio * 100)}
        label="보강 진행률"
        failed={job.status === "failed"}
        testId="enrich-progress"
      />
      <p className="text-xs tabular-nums text-muted" data-testid="enrich-counts">
        청크 {number.format(job.done)}/{number.format(job.total)} · 새로 작성 {number.format(job.generated)} · 실패{" "}
        {number.format(job.failed)} · 색인 {number.format(job.indexed)}
      </p>
      <p className="text-xs tabular-nums text-muted" data-testid="enrich-tokens">
        토큰: 입력 {number.format(job.inputTokens)} (프롬프트 캐시 {number.format(job.cachedInputTokens)}) · 출력{" "}
        {number.format(job.outputTokens)}
      </p>
      <p className="text-xs tabular-nums" data-testid="enrich-cost">
        비용 {money(job.cost)}
        {job.projectedCost !== null && job.projectedCost > job.cost ? (
          <span className="text-muted"> · 예상 총액 {money(job.projectedCost)}</span>
        ) : null}
      </p>
      {job.batches.length > 0 ? (
        <ul className="text-xs text-muted" data-testid="enrich-batches">
          {job.batches.map((b) => (
            <li key={b.id}>
              배치 <span className="font-mono">{b.id}</span>: {b.status} ({number.format(b.requests)}건)
            </li>
          ))}
        </ul>
      ) : null}
      <JobFooter
        job={job}
        onResume={onResume}
        onCancel={onCancel}
        resumeLabel="이어서 보강"
        cancelLabel="보강 취소"
        testIdPrefix="enrich"
      />
      {job.failures.length > 0 ? (
        <JobIssues
          tone="red"
          testId="enrich-failures"
          summary={
            <>
              실패한 청크 {number.format(job.failed)}개
              {job.failures.length < job.failed ? ` (처음 ${number.format(job.failures.length)}개)` : ""}
            </>
          }
        >
          {job.failures.map((f) => (
            <li key={f.chunkId} data-testid="enrich-failure">
              <span className="font-mono">{f.caseNo}</span> · {f.message}
              <span className="text-muted"> ({f.attempts}회 시도)</span>
            </li>
          ))}
        </JobIssues>
      ) : null}
    </div>
  );
}
