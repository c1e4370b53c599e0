/**
 * Answers being written right now, by assistant message id, so that Stop (a separate request) can
 * abort the one it belongs to. Per server process, like the pipeline runs themselves.
 */
const running = new Map<string, { userId: string; controller: AbortController }>();

export function registerRun(messageId: string, userId: string): AbortController {
  const controller = new AbortController();
  running.set(messageId, { userId, controller });
  return controller;
}

export function finishRun(messageId: string): void {
  running.delete(messageId);
}

/** Only the user who asked can stop an answer. Returns whether something was stopped. */
export function stopRun(messageId: string, userId: string): boolean {
  const run = running.get(messageId);
  if (!run || run.userId !== userId) return false;
  run.controller.abort();
  return true;
}
