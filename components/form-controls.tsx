/** The error line and submit button every form shares, so they look and behave the same everywhere. */

export function FormError({ message, testId }: { message?: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid={testId} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  testId,
  wide = true,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  testId?: string;
  wide?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      data-testid={testId}
      className={`${wide ? "w-full " : ""}rounded-md bg-accent px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-60`}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
