"use client";

import { JobFooter, remainingText } from "@/components/jobs/job-controls";
import { JobIssues } from "@/components/jobs/job-issues";
import { ProgressBar } from "@/components/progress-bar";
import type { JobRecord } from "@/lib/db/jobs";
import { SKIPPED_CODE } from "@/lib/ingest/skip-report";

export type JobView = Omit<
  JobRecord,
  "inputDir" | "startedAt" | "finishedAt" | "createdAt" | "updatedAt" | "owner" | "heartbeatAt" | "queueJobId"
> & {
  startedAt: string | Date | null;
};

const STATUS_TEXT: Record<JobView["status"], string> = {
  queued: "대기 중",
  running: "색인 중",
  done: "완료",
  failed: "실패",
  cancelled: "취소됨",
  interrupted: "중단됨",
};

const number = new Intl.NumberFormat("ko-KR");

function eta(job: JobView): string {
  if (job.status !== "running" || !job.startedAt || job.filesDone === 0 || job.filesTotal === 0) return "";
  const elapsed = (Date.now() - new Date(job.startedAt).getTime()) / 1000;
  return remainingText((elapsed / job.filesDone) * (job.filesTotal - job.filesDone));
}

export function JobProgress({
  job,
  onCancel,
  onResume,
}: {
  job: JobView;
  onCancel?: () => void;
  onResume?: () => void;
}) {
  const ratio = job.filesTotal > 0 ? job.filesDone / job.filesTotal : job.status === "done" ? 1 : 0;
  const percent = Math.round(ratio * 100);
  const problems = job.errors.filter(
    (e) => e.code !== "ingest:duplicate" && e.code !== "ingest:duplicate_case_no" && e.code !== SKIPPED_CODE,
  );
  const conflicts = job.errors.filter((e) => e.code === "ingest:duplicate_case_no");
  const notices = job.errors.filter((e) => e.code === "ingest:duplicate");
  // Files and zip entries the upload did not keep (unsupported type, hidden, unsafe path …).
  const skipped = job.errors.filter((e) => e.code === SKIPPED_CODE);
  return (
    <div className="space-y-2" data-testid="job-panel" data-job-id={job.id}>
      <div className="flex items-center justify-between text-sm">
        <span data-testid="job-status" data-status={job.status} className="font-medium">
          {STATUS_TEXT[job.status]}
          {job.kind === "reindex" ? " (다시 색인)" : ""}
        </span>
        <span className="text-muted">{eta(job)}</span>
      </div>
      <ProgressBar percent={percent} label="색인 진행률" failed={job.status === "failed"} testId="job-progress" />
      <p className="text-xs text-muted tabular-nums" data-testid="job-counts">
        파일 {number.format(job.filesDone)}/{number.format(job.filesTotal)} · 읽음 {number.format(job.parsed)} · 색인{" "}
        {number.format(job.indexed)} · 변경 없음 {number.format(job.unchanged)} · 청크 {number.format(job.chunked)} ·
        임베딩 {number.format(job.embedded)} · 실패 {number.format(job.failed)}
      </p>
      <JobFooter
        job={job}
        onResume={onResume}
        onCancel={onCancel}
        resumeLabel="이어서 색인"
        cancelLabel="작업 취소"
        testIdPrefix="job"
      />
      {problems.length > 0 ? (
        <JobIssues tone="red" open testId="job-errors" summary={`읽지 못한 파일 ${number.format(problems.length)}건`}>
          {problems.map((e) => (
            <li key={`${e.file}:${e.message}`}>
              <span className="font-mono">{e.file}</span>: {e.message}
            </li>
          ))}
        </JobIssues>
      ) : null}
      {conflicts.length > 0 ? (
        <JobIssues
          tone="amber"
          open
          testId="job-conflicts"
          summary={`사건번호가 같지만 내용이 다른 판례 ${number.format(conflicts.length)}건 (먼저 읽은 것을 색인)`}
        >
          {conflicts.map((e) => (
            <li key={`${e.file}:${e.message}`}>
              <span className="font-mono">{e.file}</span>: {e.message}
            </li>
          ))}
        </JobIssues>
      ) : null}
      {skipped.length > 0 ? (
        <JobIssues tone="amber" small testId="job-skipped" summary={`건너뛴 항목 ${number.format(skipped.length)}건`}>
          {skipped.map((e) => (
            <li key={`${e.file}:${e.message}`}>
              <span className="font-mono break-all">{e.file}</span>: {e.message}
            </li>
          ))}
        </JobIssues>
      ) : null}
      {notices.length > 0 ? (
        <details className="rounded border border-line bg-paper p-2 text-xs">
          <summary className="cursor-pointer">건너뛴 중복 {number.format(notices.length)}건</summary>
          <ul className="mt-1 max-h-32 overflow-auto">
            {notices.map((e) => (
              <li key={`${e.file}:${e.message}`}>
                {e.file}: {e.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
