"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { cancelJobAction, resumeJobAction } from "@/app/(app)/admin/corpora/actions";
import { JobProgress, type JobView } from "./job-progress";

/** Older interrupted jobs of a corpus (the upload panel shows only the latest job): resume or cancel. */
export function InterruptedJobs({ corpusId, jobs }: { corpusId: string; jobs: JobView[] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [, startTransition] = useTransition();
  if (jobs.length === 0) return null;
  const act = (action: typeof cancelJobAction, jobId: string) =>
    startTransition(async () => {
      const result = await action(corpusId, jobId);
      setError(result.error ?? null);
      router.refresh();
    });
  return (
    <section className="space-y-3 rounded-xl border border-amber-200 bg-white p-4" data-testid="interrupted-jobs">
      <h2 className="text-sm font-semibold">중단된 작업</h2>
      {error ? (
        <p role="alert" className="rounded bg-red-50 px-2 py-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {jobs.map((job) => (
        <JobProgress
          key={job.id}
          job={job}
          onCancel={() => act(cancelJobAction, job.id)}
          onResume={() => act(resumeJobAction, job.id)}
        />
      ))}
    </section>
  );
}
