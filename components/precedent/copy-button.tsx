"use client";

import { useState } from "react";

/** Copies a prepared text (a formatted citation, a quoted sentence) and says so. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <button
      type="button"
      data-testid={testId}
      data-print="hide"
      onClick={async () => {
        const ok = await navigator.clipboard
          ?.writeText(text)
          .then(() => true)
          .catch(() => false);
        setState(ok ? "copied" : "failed");
        window.setTimeout(() => setState("idle"), 2000);
      }}
      className="rounded border border-line bg-white px-2 py-0.5 text-xs text-muted hover:border-accent hover:text-ink"
    >
      {state === "copied" ? "복사됨" : state === "failed" ? "복사하지 못했습니다" : label}
    </button>
  );
}
