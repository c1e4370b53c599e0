"use client";

import { readStreamableValue, type StreamableValue } from "@ai-sdk/rsc";
import { useSyncExternalStore } from "react";
import { resumeAnswerAction } from "@/app/(app)/chat/actions";
import { type AnswerState, initialAnswerState } from "@/lib/chat/state";
import { applyPatch, type StatePatch } from "@/lib/chat/state-patch";

/**
 * Answers the browser is following, by assistant message id, kept outside React: a chat view that
 * remounts (a late refresh after a new chat got its id, navigating away and back) finds its
 * running answer here instead of losing it. After a full reload the page asks the server to
 * reconnect (`resumeAnswerAction`) and the stream lands here again.
 */

const states = new Map<string, AnswerState>();
const reading = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function set(messageId: string, state: AnswerState): void {
  states.set(messageId, state);
  changed();
}

export function runState(messageId: string | undefined): AnswerState | undefined {
  return messageId ? states.get(messageId) : undefined;
}

/** Shows a state at once (an answer about to be written again), before its stream arrives. */
export function showState(messageId: string, state: AnswerState): void {
  set(messageId, state);
}

const LOST: AnswerState = {
  ...initialAnswerState(),
  status: "error",
  error: "서버와의 연결이 끊어졌습니다. 새로고침하면 저장된 답변을 다시 불러옵니다.",
};

/**
 * Reads an answer's stream into the store (once per message, whoever asks): its first frame is the
 * whole state, every later one what changed (lib/chat/state-patch.ts).
 */
export async function follow(messageId: string, stream: StreamableValue<StatePatch>): Promise<void> {
  if (reading.has(messageId)) return;
  reading.add(messageId);
  let state: AnswerState | undefined;
  try {
    for await (const patch of readStreamableValue(stream)) {
      if (!patch) continue;
      state = applyPatch(state, patch);
      set(messageId, state);
    }
  } catch {
    // Keep what was shown; say the connection dropped (the server kept writing and storing it).
    set(messageId, { ...(states.get(messageId) ?? LOST), status: "error", error: LOST.error });
  } finally {
    reading.delete(messageId);
  }
}

const ELSEWHERE_POLL_MS = 2_000;

/** A stored answer that still runs on the server: reconnect to it (or learn how it ended). */
export async function reconnect(messageId: string): Promise<void> {
  const known = states.get(messageId);
  if (reading.has(messageId) || (known && known.status !== "running")) return;
  reading.add(messageId);
  try {
    const result = await resumeAnswerAction(messageId);
    if (!result.ok) set(messageId, { ...LOST, error: result.message });
    else if (!result.live) {
      set(messageId, result.final);
      // Written by another instance (PostgreSQL deployments): show its saved progress, ask again.
      if (result.final.status === "running") setTimeout(() => void reconnect(messageId), ELSEWHERE_POLL_MS);
    } else {
      reading.delete(messageId);
      await follow(messageId, result.state);
    }
  } catch {
    set(messageId, LOST);
  } finally {
    reading.delete(messageId);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller whenever any followed answer changes. */
export function useRunStore(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
}
