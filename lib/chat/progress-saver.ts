import { saveMessageProgress } from "../db/chats";
import { dbProvider } from "../db/client";
import { logError } from "../errors";
import { ANSWER_BEAT_MS } from "./answer-liveness";
import type { AnswerRecord } from "./types";

const DEFAULT_EVERY_MS = 2_000;

/**
 * Saves a streaming answer's progress (text and partial trace) at most every `everyMs` while it
 * changes: the database then always holds what the lawyer saw up to a few seconds ago, whatever
 * happens to the server. Saves never overlap; a failed save is logged and retried with the next
 * change (the answer itself goes on streaming).
 *
 * While nothing changes (waiting on a slow model) it still saves every `beatMs`: the write's
 * updatedAt tells other servers and the stale sweep that this answer has a live writer. Only a
 * shared database (PostgreSQL) needs that; on SQLite this process is the only writer, so no beat.
 */
export class ProgressSaver {
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly everyMs: number;
  private readonly beat: ReturnType<typeof setInterval> | undefined;
  private readonly onNotStreaming?: () => void;

  constructor(
    private readonly messageId: string,
    private readonly read: () => { content: string; trace: AnswerRecord },
    options: { everyMs?: number; beatMs?: number; onNotStreaming?: () => void } = {},
  ) {
    this.everyMs = options.everyMs ?? DEFAULT_EVERY_MS;
    this.onNotStreaming = options.onNotStreaming;
    const beatMs = options.beatMs ?? (dbProvider() === "postgresql" ? ANSWER_BEAT_MS : undefined);
    this.beat = beatMs
      ? setInterval(() => {
          this.dirty = true;
          if (!this.timer) this.flush();
        }, beatMs)
      : undefined;
    this.beat?.unref?.();
  }

  changed(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.everyMs);
    // A pending save never keeps a CLI or test process alive.
    this.timer.unref?.();
  }

  private flush(): void {
    if (!this.dirty || this.closed) return;
    this.dirty = false;
    const { content, trace } = this.read();
    this.inFlight = this.inFlight
      .then(() => saveMessageProgress(this.messageId, { content, trace }))
      .then((streaming) => {
        if (!streaming && !this.closed) this.onNotStreaming?.();
      })
      .catch((error) => {
        this.dirty = true;
        logError(error);
      });
  }

  /** Stops saving; resolves once a save in flight has landed (the final write must come after it). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.beat);
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }
}
