"use client";

import { useEffect, useSyncExternalStore } from "react";
import { bookmarkNotesAction } from "@/app/(app)/bookmarks/actions";

/**
 * The signed-in user's bookmarks (case number → note), shared by every bookmark button on screen
 * so a page with twenty evidence rows asks the server once. The copy lives only while a button is
 * mounted: when none is (another page, sign-out), it is dropped and read again next time, so a
 * different user in the same tab never sees the previous one's bookmarks.
 */

let notes: Record<string, string> | undefined;
let loading: Promise<void> | undefined;
let mounted = 0;
const listeners = new Set<() => void>();

const emit = () => {
  for (const l of listeners) l();
};

function load() {
  if (loading) return;
  loading = bookmarkNotesAction()
    .then((r) => {
      if (r.ok && mounted > 0) notes = r.data;
    })
    .catch(() => {})
    .finally(() => {
      loading = undefined;
      emit();
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The note of a bookmarked case (possibly ""), null when not bookmarked, undefined while loading. */
export function useBookmark(caseNo: string): string | null | undefined {
  useEffect(() => {
    mounted++;
    if (!notes) load();
    return () => {
      mounted--;
      if (mounted === 0) notes = undefined;
    };
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => (notes ? (notes[caseNo] ?? null) : undefined),
    () => undefined,
  );
}

/** Records a change the server has accepted, for every button showing that case. */
export function setLocalBookmark(caseNo: string, note: string | null): void {
  const next = { ...(notes ?? {}) };
  if (note === null) delete next[caseNo];
  else next[caseNo] = note;
  notes = next;
  emit();
}
