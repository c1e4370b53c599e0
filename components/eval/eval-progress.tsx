"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ProgressBar } from "@/components/progress-bar";

interface JobView {
  status: "queued" | "running" | "done" | "failed";
  done: number;
  total: number;
  message: string | null;
}

const TEXT = { queued: "대기 중", running: "평가 중", done: "완료", failed: "실패" } as const;

/** Live progress of an evaluation; the page re-renders with the report when it finishes. */
export function EvalProgress({ id, initial }: { id: string; initial: JobView }) {
  const router = useRouter();
  const [job, setJob] = useState(initial);
  const active = job.status === "queued" || job.status === "running";
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(async () => {
      const response = await fetch(`/api/admin/evals/${id}`, { cache: "no-store" }).catch(() => null);
      if (!response?.ok) return;
      const next = (await response.json()) as JobView;
      setJob(next);
      if (next.status === "done" || next.status === "failed") router.refresh();
    }, 700);
    return () => clearInterval(timer);
  }, [id, active, router]);
  const percent = job.total ? Math.round((job.done / job.total) * 100) : job.status === "done" ? 100 : 0;
  return (
    <div className="space-y-2 rounded-xl border border-line bg-white p-4" data-testid="eval-progress">
      <div className="flex justify-between text-sm">
        <span data-testid="eval-status" data-status={job.status} className="font-medium">
          {TEXT[job.status]}
        </span>
        <span className="tabular-nums text-muted">
          {job.done}/{job.total || "?"}
        </span>
      </div>
      <ProgressBar percent={percent} label="평가 진행률" failed={job.status === "failed"} />
      {job.message ? <p className="rounded bg-red-50 px-2 py-1 text-sm text-red-800">{job.message}</p> : null}
    </div>
  );
}
