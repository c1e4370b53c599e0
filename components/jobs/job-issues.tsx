"use client";

import type { ReactNode } from "react";

const TONES = {
  red: { box: "border-red-200 bg-red-50", summary: "text-red-900" },
  amber: { box: "border-amber-200 bg-amber-50", summary: "text-amber-900" },
} as const;

/**
 * A folded list of what a job reported (files it could not read, conflicts, skipped entries,
 * failed chunks): one box for every job panel, so that they look and scroll alike. The caller
 * gives the rows (`<li>`s), which differ by what is listed.
 */
export function JobIssues({
  tone,
  summary,
  open,
  small,
  testId,
  children,
}: {
  tone: keyof typeof TONES;
  summary: ReactNode;
  /** Unfolded at first: what the admin must read (a minor list stays folded). */
  open?: boolean;
  /** Smaller text for the box and its summary (the rows are small either way). */
  small?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <details
      open={open}
      className={`rounded border ${TONES[tone].box} p-2 ${small ? "text-xs" : "text-sm"}`}
      data-testid={testId}
    >
      <summary className={`cursor-pointer font-medium ${TONES[tone].summary}`}>{summary}</summary>
      <ul className={`mt-1 max-h-48 space-y-0.5 overflow-auto${small ? "" : " text-xs"}`}>{children}</ul>
    </details>
  );
}
