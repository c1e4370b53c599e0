/**
 * A timeout that can be pushed back. A generated reply gets one fixed deadline; a streamed one
 * calls `extend()` on every part, so a long answer that keeps flowing is never cut off while a
 * server that stalls (before the first token or mid-answer) is given up on after `ms`.
 *
 * `timedOut` tells our own timeout apart from the caller's abort, which share one signal.
 */
export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expired = false;

  constructor(
    private readonly ms: number,
    caller?: AbortSignal,
  ) {
    this.signal = caller ? AbortSignal.any([caller, this.controller.signal]) : this.controller.signal;
    this.extend();
  }

  get timedOut(): boolean {
    return this.expired;
  }

  extend(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new DOMException(`no answer within ${this.ms} ms`, "TimeoutError"));
    }, this.ms);
  }

  /** Stops the clock and cancels whatever is still in flight (a stream its reader left early). */
  dispose(): void {
    clearTimeout(this.timer);
    if (!this.controller.signal.aborted) this.controller.abort(new DOMException("done", "AbortError"));
  }
}
