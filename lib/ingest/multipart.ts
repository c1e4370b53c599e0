import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { type Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { AppError } from "../errors";
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

const FIELD_MAX_BYTES = 64 * 1024;

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
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.toLowerCase().startsWith("multipart/form-data")) throw unreadable();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8", // browsers send UTF-8 file names (Korean names would read as Latin-1)
      limits: { fieldSize: FIELD_MAX_BYTES, fields: budget.limits.maxFiles + 32, headerPairs: 100 },
    });
  } catch (cause) {
    throw unreadable(cause);
  }

  const fields = new Map<string, string[]>();
  const parts: ReceivedPart[] = [];
  const writes: Promise<void>[] = [];
  const active = new Set<Readable>();
  let failure: unknown = null;
  let wake: () => void = () => {};
  // Settles (with null) on the first failure, so that no wait below outlives it.
  const stopped = new Promise<null>((resolve) => {
    wake = () => resolve(null);
  });
  const fail = (error: unknown) => {
    if (failure) return;
    failure = error;
    for (const stream of active) stream.destroy();
    wake();
  };

  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail(unreadable());
    fields.set(name, [...(fields.get(name) ?? []), value]);
  });
  parser.on("file", (name, stream, info) => {
    if (failure || name !== "files") {
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
  parser.on("fieldsLimit", () => fail(unreadable()));
  const parsed = new Promise<void>((resolve) => {
    parser.on("close", resolve);
    parser.on("error", (error) => fail(unreadable(error)));
  });

  const reader = request.body.getReader();
  let received = 0;
  try {
    while (!failure) {
      const next = await Promise.race([reader.read(), stopped]);
      if (!next || next.done) break;
      received += next.value.byteLength;
      if (received > bodyAllowance(budget.limits)) budget.refuseBytes();
      // Backpressure: wait until busboy (and so the file being written) catches up, or a failure.
      if (!parser.write(next.value)) await Promise.race([once(parser, "drain"), parsed, stopped]);
    }
    if (!failure) {
      parser.end();
      await Promise.race([parsed, stopped]);
    }
  } catch (error) {
    fail(error instanceof AppError ? error : unreadable(error));
  }
  if (failure) {
    // Stop reading: the client learns of the refusal now, not after sending the rest.
    reader.cancel().catch(() => {});
    parser.destroy();
  }
  await Promise.all(writes);
  if (failure) throw failure;
  return { fields, parts };
}

function discard(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}
