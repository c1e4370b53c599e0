"use client";

/**
 * Resume and cancel for a long job (an import, an enrichment): resume while it is interrupted,
 * cancel while it runs or waits to be resumed; cancel greys out once asked, until the job stops.
 */
export function JobControls({
  active,
  interrupted,
  cancelRequested,
  onResume,
  onCancel,
  resumeLabel,
  cancelLabel,
  testIdPrefix,
}: {
  active: boolean;
  interrupted: boolean;
  cancelRequested: boolean;
  onResume?: () => void;
  onCancel?: () => void;
  resumeLabel: string;
  cancelLabel: string;
  /** "job" → data-testid "job-resume" / "job-cancel". */
  testIdPrefix: string;
}) {
  return (
    <div className="flex gap-4">
      {interrupted && onResume ? (
        <button
          type="button"
          onClick={onResume}
          className="text-sm text-accent underline"
          data-testid={`${testIdPrefix}-resume`}
        >
          {resumeLabel}
        </button>
      ) : null}
      {(active || interrupted) && onCancel ? (
        <button
          type="button"
          onClick={onCancel}
          disabled={cancelRequested}
          className="text-sm text-red-700 underline disabled:no-underline disabled:opacity-60"
          data-testid={`${testIdPrefix}-cancel`}
        >
          {cancelRequested ? "취소하는 중…" : cancelLabel}
        </button>
      ) : null}
    </div>
  );
}

/** "약 N초/분/시간 남음" for a job's remaining seconds (null: not known yet). */
export function remainingText(seconds: number | null): string {
  if (seconds === null) return "남은 시간 계산 중";
  if (seconds < 1) return "곧 끝납니다";
  if (seconds < 60) return `약 ${Math.ceil(seconds)}초 남음`;
  if (seconds < 3600) return `약 ${Math.ceil(seconds / 60)}분 남음`;
  const h = Math.floor(seconds / 3600);
  return `약 ${h}시간 ${Math.ceil((seconds - h * 3600) / 60)}분 남음`;
}

/** A job's last message: red when it failed, amber while it waits to be resumed. */
export function JobMessage({
  message,
  failed,
  interrupted,
  testId,
}: {
  message: string | null;
  failed: boolean;
  interrupted: boolean;
  testId: string;
}) {
  if (!message) return null;
  const tone = failed ? "bg-red-50 text-red-800" : interrupted ? "bg-amber-50 text-amber-900" : "bg-paper";
  return (
    <p className={`rounded px-2 py-1 text-sm ${tone}`} data-testid={testId}>
      {message}
    </p>
  );
}

/**
 * What every job panel shows under its counts: the last message, then resume and cancel, both read
 * from the job's status the same way. `testIdPrefix` "job" → "job-message", "job-resume", "job-cancel".
 */
export function JobFooter({
  job,
  onResume,
  onCancel,
  resumeLabel,
  cancelLabel,
  testIdPrefix,
}: {
  job: { status: string; message: string | null; cancelRequested: boolean };
  onResume?: () => void;
  onCancel?: () => void;
  resumeLabel: string;
  cancelLabel: string;
  testIdPrefix: string;
}) {
  const interrupted = job.status === "interrupted";
  return (
    <>
      <JobMessage
        message={job.message}
        failed={job.status === "failed"}
        interrupted={interrupted}
        testId={`${testIdPrefix}-message`}
      />
      <JobControls
        active={job.status === "queued" || job.status === "running"}
        interrupted={interrupted}
        cancelRequested={job.cancelRequested}
        onResume={onResume}
        onCancel={onCancel}
        resumeLabel={resumeLabel}
        cancelLabel={cancelLabel}
        testIdPrefix={testIdPrefix}
      />
    </>
  );
}
