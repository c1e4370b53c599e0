import type { AnswerState } from "./state";

/**
 * Answers being written right now in this server process, by assistant message id: Stop (a
 * separate request) aborts the one it belongs to, and a browser that reloaded or navigated away
 * and back reconnects to it and sees the same state the first request streams.
 */

type Listener = (state: AnswerState, final: boolean) => void;

interface Run {
  userId: string;
  controller: AbortController;
  state: AnswerState;
  listeners: Set<Listener>;
}

// On globalThis: Next.js may load this module in more than one server bundle of the same process,
// and Stop or a reconnect must find the run the question started.
const holder = globalThis as unknown as { __answerRuns?: Map<string, Run> };
holder.__answerRuns ??= new Map();
const runs: Map<string, Run> = holder.__answerRuns;

export function registerRun(messageId: string, userId: string, initial: AnswerState): AbortController {
  const controller = new AbortController();
  runs.set(messageId, { userId, controller, state: initial, listeners: new Set() });
  return controller;
}

/** The answer's state changed: every viewer hears it. */
export function publishRun(messageId: string, state: AnswerState): void {
  const run = runs.get(messageId);
  if (!run) return;
  run.state = state;
  for (const listener of run.listeners) listener(state, false);
}

/** The answer ended (done, stopped, failed): viewers get the final state, the run is forgotten. */
export function finishRun(messageId: string, state: AnswerState): void {
  const run = runs.get(messageId);
  if (!run) return;
  runs.delete(messageId);
  run.state = state;
  for (const listener of run.listeners) listener(state, true);
  run.listeners.clear();
}

/**
 * Follows a running answer of the user's: the current state now, then every change. Undefined
 * when no such answer runs here (finished, never existed, or someone else's).
 */
export function watchRun(
  messageId: string,
  userId: string,
  listener: Listener,
): { state: AnswerState; unsubscribe: () => void } | undefined {
  const run = runs.get(messageId);
  if (!run || run.userId !== userId) return undefined;
  run.listeners.add(listener);
  return { state: run.state, unsubscribe: () => run.listeners.delete(listener) };
}

/** Only the user who asked can stop an answer. Returns whether something was stopped. */
export function stopRun(messageId: string, userId: string): boolean {
  const run = runs.get(messageId);
  if (!run || run.userId !== userId) return false;
  run.controller.abort();
  return true;
}

/** How many answers this process is writing (the status of the server, for the load benchmark). */
export function runningCount(): number {
  return runs.size;
}
