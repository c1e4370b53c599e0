/** A labelled 0–100 % bar (ingestion jobs, evaluations). */
export function ProgressBar({
  percent,
  label,
  failed = false,
  testId,
}: {
  percent: number;
  label: string;
  failed?: boolean;
  testId?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={testId}
      className="h-2 overflow-hidden rounded-full bg-stone-200"
    >
      <div
        className={`h-full transition-all ${failed ? "bg-red-600" : "bg-accent"}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
