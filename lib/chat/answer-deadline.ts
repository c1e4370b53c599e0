/**
 * The overall deadline of one answer (ANSWER_DEADLINE_SECONDS). Per-call timeouts restart with
 * every retry and every streamed token, so a model that hangs or trickles could hold a lawyer for
 * minutes; this clock does not restart. When it fires its signal aborts the model calls (the
 * pipeline then ends with what exists) and `onExpire` learns whether the model had stalled — no
 * output for a while — or was still writing a long answer.
 */
export class AnswerDeadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private lastProgress: number;

  constructor(
    readonly ms: number,
    onExpire: (stalled: boolean) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.lastProgress = now();
    // Quiet for a tenth of the deadline (at most 10 s) counts as stalled: a model streaming an
    // answer sends tokens many times a second.
    const stallMs = Math.min(10_000, ms / 10);
    this.timer = setTimeout(() => {
      const stalled = this.now() - this.lastProgress >= stallMs;
      this.controller.abort(new DOMException(`answer deadline of ${ms} ms`, "TimeoutError"));
      onExpire(stalled);
    }, ms);
    this.timer.unref?.();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get expired(): boolean {
    return this.controller.signal.aborted;
  }

  /** The model produced output (a query or answer token). */
  progressed(): void {
    this.lastProgress = this.now();
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
