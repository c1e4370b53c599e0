"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** A job's view from its admin route (import, enrichment, evaluation); null when it cannot be read. */
export async function fetchJobView<T>(url: string): Promise<T | null> {
  const response = await fetch(url, { cache: "no-store" }).catch(() => null);
  return response?.ok ? ((await response.json()) as T) : null;
}

/**
 * While a job runs, reads its view from `url` every `intervalMs` and hands it to `onView`; when the
 * job has ended, refreshes the server-rendered page (document lists, the report). `onView` must be
 * stable (a state setter).
 */
export function useJobPoll<T extends { status: string }>(
  url: string | undefined,
  active: boolean,
  intervalMs: number,
  onView: (view: T) => void,
): void {
  const router = useRouter();
  useEffect(() => {
    if (!url || !active) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const next = await fetchJobView<T>(url);
      if (!next || stopped) return;
      onView(next);
      if (next.status !== "queued" && next.status !== "running") router.refresh();
    }, intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [url, active, intervalMs, router, onView]);
}
