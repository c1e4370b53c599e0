"use client";

import { useState } from "react";
import { cancelEvalAction, resumeEvalAction } from "@/app/(app)/admin/eval/actions";
import { JobControls } from "@/components/jobs/job-controls";
import { fetchJobView, useJobPoll } from "@/components/jobs/use-job-poll";
import { ProgressBar } from "@/components/progress-bar";
import type { EvalJobStatus } from "@/lib/db/eval-jobs";
import { EVAL_STATUS_TEXT } from "./status-text";

interface JobView {
  status: EvalJobStatus;
  done: number;
  total: number;
  message: string | null;
  cancelRequested?: boolean;
}

/** Live progress of an evaluation; the page re-renders with the report when it finishes. */
export function EvalProgress({ id, initial }: { id: string; initial: JobView }) {
  const [job, setJob] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const active = job.status === "queued" || job.status === "running";
  const reload = () => fetchJobView<JobView>(`/api/admin/evals/${id}`);
  useJobPoll<JobView>(`/api/admin/evals/${id}`, active, 700, setJob);
  const act = async (action: typeof cancelEvalAction) => {
    const result = await action(id);
    setError(result.error ?? null);
    const next = await reload();
    if (next) setJob(next);
  };
  const percent = job.total ? Math.round((job.done / job.total) * 100) : job.status === "done" ? 100 : 0;
  const interrupted = job.status === "interrupted";
  return (
    <div className="space-y-2 rounded-xl border border-line bg-white p-4" data-testid="eval-progress">
      <div className="flex justify-between text-sm">
        <span data-testid="eval-status" data-status={job.status} className="font-medium">
          {EVAL_STATUS_TEXT[job.status]}
        </span>
        <span className="tabular-nums text-muted">
          {job.done}/{job.total || "?"}
        </span>
      </div>
      <ProgressBar percent={percent} label="평가 진행률" failed={job.status === "failed"} />
      {job.message ? (
        <p
          className={`rounded px-2 py-1 text-sm ${job.status === "failed" ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900"}`}
        >
          {job.message}
        </p>
      ) : null}
      <JobControls
        active={active}
        interrupted={interrupted}
        cancelRequested={job.cancelRequested === true}
        onResume={() => act(resumeEvalAction)}
        onCancel={() => act(cancelEvalAction)}
        resumeLabel="이어서 평가"
        cancelLabel="평가 취소"
        testIdPrefix="eval"
      />
      {error ? (
        <p role="alert" className="rounded bg-red-50 px-2 py-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
