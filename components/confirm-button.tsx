"use client";

import { useState } from "react";

/**
 * A destructive action asked twice: the button turns into a question with 확인 / 취소 next to it,
 * so nothing is deleted by one stray click (and no browser dialog is needed).
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel = "확인",
  cancelLabel = "취소",
  onConfirm,
  testId,
  className = "text-red-700 hover:underline",
  disabled,
}: {
  label: string;
  question: string;
  confirmLabel?: string;
  /** The button that backs out (e.g. "닫기" where the action itself is a cancellation). */
  cancelLabel?: string;
  onConfirm: () => Promise<void> | void;
  testId: string;
  className?: string;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        data-testid={testId}
        className={className}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <span role="alert" className="inline-flex flex-wrap items-center gap-2 text-xs" data-testid={`${testId}-question`}>
      <span>{question}</span>
      <button
        type="button"
        data-testid={`${testId}-confirm`}
        disabled={busy}
        className="rounded bg-red-700 px-2 py-0.5 text-white hover:opacity-90 disabled:opacity-60"
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {confirmLabel}
      </button>
      <button
        type="button"
        data-testid={`${testId}-cancel`}
        className="rounded border border-line px-2 py-0.5 hover:bg-paper"
        onClick={() => setAsking(false)}
      >
        {cancelLabel}
      </button>
    </span>
  );
}
