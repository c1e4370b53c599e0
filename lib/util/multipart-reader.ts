import { once } from "node:events";
import busboy from "busboy";
import { AppError } from "../errors";

const FIELD_MAX_BYTES = 64 * 1024;

/**
 * A multipart/form-data request body read off its stream into busboy, shared by the corpus upload
 * (lib/ingest/multipart.ts: files to disk under the upload budget) and the evaluation form
 * (lib/eval/eval-form.ts: small files in memory). The caller handles the file parts on `parser`;
 * this keeps the fields, the first failure, and the read loop: backpressure from busboy, the whole
 * body counted on the bytes actually received, and reading stopped the moment anything fails, so
 * the client learns of a refusal before it has sent the rest.
 */
export class MultipartReader {
  readonly parser: busboy.Busboy;
  readonly fields = new Map<string, string[]>();
  /** The first failure (an AppError for the user), or null. */
  failure: unknown = null;
  private readonly unreadable: (cause?: unknown) => AppError;
  private readonly onFail: (() => void)[] = [];
  private wake: () => void = () => {};
  // Settles (with null) on the first failure, so that no wait below outlives it.
  private readonly stopped = new Promise<null>((resolve) => {
    this.wake = () => resolve(null);
  });
  private readonly parsed: Promise<void>;

  constructor(
    private readonly request: Request,
    options: { maxFields: number; unreadable: (cause?: unknown) => AppError },
  ) {
    this.unreadable = options.unreadable;
    const contentType = request.headers.get("content-type") ?? "";
    if (!request.body || !contentType.toLowerCase().startsWith("multipart/form-data")) throw this.unreadable();
    try {
      this.parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8", // browsers send UTF-8 file names (Korean names would read as Latin-1)
        limits: { fieldSize: FIELD_MAX_BYTES, fields: options.maxFields, headerPairs: 100 },
      });
    } catch (cause) {
      throw this.unreadable(cause);
    }
    this.parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return this.fail(this.unreadable());
      this.fields.set(name, [...(this.fields.get(name) ?? []), value]);
    });
    this.parser.on("fieldsLimit", () => this.fail(this.unreadable()));
    this.parsed = new Promise<void>((resolve) => {
      this.parser.on("close", resolve);
      this.parser.on("error", (error) => this.fail(this.unreadable(error)));
    });
  }

  /** Records the first failure; `onFailure` callbacks run before any wait is released. */
  fail(error: unknown): void {
    if (this.failure) return;
    this.failure = error;
    for (const callback of this.onFail) callback();
    this.wake();
  }

  onFailure(callback: () => void): void {
    this.onFail.push(callback);
  }

  /**
   * Feeds the body to the parser until it is read or something failed; past `maxBodyBytes`
   * received, `refuse()` is the failure. On failure reading is cancelled and the parser destroyed;
   * the failure is left in `failure` for the caller to throw once its own work has settled.
   */
  async read(maxBodyBytes: number, refuse: () => never): Promise<void> {
    const reader = (this.request.body as ReadableStream<Uint8Array>).getReader();
    let received = 0;
    try {
      while (!this.failure) {
        const next = await Promise.race([reader.read(), this.stopped]);
        if (!next || next.done) break;
        received += next.value.byteLength;
        if (received > maxBodyBytes) refuse();
        // Backpressure: wait until busboy (and so the caller's file handling) catches up, or a failure.
        if (!this.parser.write(next.value)) await Promise.race([once(this.parser, "drain"), this.parsed, this.stopped]);
      }
      if (!this.failure) {
        this.parser.end();
        await Promise.race([this.parsed, this.stopped]);
      }
    } catch (error) {
      this.fail(error instanceof AppError ? error : this.unreadable(error));
    }
    if (this.failure) {
      reader.cancel().catch(() => {});
      this.parser.destroy();
    }
  }
}
