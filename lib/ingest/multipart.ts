import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { type Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../errors";
import { MultipartReader } from "../util/multipart-reader";
import { bodyAllowance, type UploadBudget } from "./upload-budget";

/** A file part of the form, written to `tempPath` (or drained when `keep` said no). */
export interface ReceivedPart {
  /** Position among the `files` parts: `paths[index]` is its folder-relative name. */
  index: number;
  filename: string;
  tempPath: string | null;
  bytes: number;
}

export interface ReceivedForm {
  fields: Map<string, string[]>;
  parts: ReceivedPart[];
}

const unreadable = (cause?: unknown) =>
  new AppError("ingest:bad_file", { userMessage: "업로드 요청을 읽을 수 없습니다.", cause });

/**
 * Streams a multipart/form-data body to disk file by file: each `files` part goes to
 * `tempDir/<index>` as it arrives, with the upload's byte budget counted on the bytes actually
 * received (a chunked body without Content-Length included). The moment a budget is exceeded the
 * body is no longer read and the error is thrown; files written so far are the caller's to delete
 * (every write has settled by then). Fields may come before or after the files: names are resolved
 * by the caller once the body is read. `keep(filename)` decides at the part's start whether its
 * bytes are worth writing (an unsupported type is drained, still counted).
 */
export async function receiveMultipart(
  request: Request,
  tempDir: string,
  budget: UploadBudget,
  keep: (filename: string) => boolean,
): Promise<ReceivedForm> {
  const form = new MultipartReader(request, { maxFields: budget.limits.maxFiles + 32, unreadable });
  const parts: ReceivedPart[] = [];
  const writes: Promise<void>[] = [];
  const active = new Set<Readable>();
  form.onFailure(() => {
    for (const stream of active) stream.destroy();
  });
  const fail = (error: unknown) => form.fail(error);

  form.parser.on("file", (name, stream, info) => {
    if (form.failure || name !== "files") {
      stream.resume();
      return;
    }
    const part: ReceivedPart = { index: parts.length, filename: info.filename ?? "", tempPath: null, bytes: 0 };
    parts.push(part);
    try {
      if (keep(part.filename)) part.tempPath = join(tempDir, String(part.index));
    } catch (error) {
      stream.resume();
      return fail(error);
    }
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        part.bytes += chunk.length;
        try {
          budget.receive(chunk.length);
          callback(null, chunk);
        } catch (error) {
          callback(error as Error);
        }
      },
    });
    active.add(stream);
    const sink: Writable = part.tempPath ? createWriteStream(part.tempPath) : discard();
    writes.push(
      pipeline(stream, meter, sink)
        .catch(fail)
        .finally(() => active.delete(stream)),
    );
  });

  await form.read(bodyAllowance(budget.limits), () => budget.refuseBytes());
  // Every write has settled before a failure is thrown: the caller deletes what was written.
  await Promise.all(writes);
  if (form.failure) throw form.failure;
  return { fields: form.fields, parts };
}

function discard(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}
