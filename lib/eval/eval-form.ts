import { once } from "node:events";
import { AppError } from "../errors";
import { MultipartReader } from "../util/multipart-reader";

/**
 * The form that starts an evaluation (app/api/admin/evals): a benchmark file, in replay mode a
 * recorded-calls file, and a few fields. Read off the request stream with each file's limit counted
 * on the bytes as they arrive: the moment one is over, reading stops and 413 is answered. Before,
 * `request.formData()` buffered the whole body (a 300 MB upload cost ~480 MB) and only then looked
 * at the size. The files are kept in memory — the evaluation needs them as text, and the limits
 * bound what that costs.
 */

export const MAX_BENCH_BYTES = 10 * 1_048_576;
export const MAX_CALLS_BYTES = 100 * 1_048_576;

export interface EvalForm {
  name: string;
  corpusId: string;
  systems: string[];
  benchmark: string;
  /** Recorded model calls (JSONL), only in replay mode. */
  replay?: string;
  baseline?: string;
}

interface FileLimit {
  maxBytes: number;
  /** Shown when the file is over `maxBytes`. */
  tooLarge: string;
}

const FILE_LIMITS: Record<string, FileLimit> = {
  bench: { maxBytes: MAX_BENCH_BYTES, tooLarge: "벤치마크 파일이 너무 큽니다. 10MB 이하의 파일만 올릴 수 있습니다." },
  calls: { maxBytes: MAX_CALLS_BYTES, tooLarge: "기록 파일이 너무 큽니다. 100MB 이하의 파일만 올릴 수 있습니다." },
};

export async function readEvalForm(
  request: Request,
  limits: Record<string, FileLimit> = FILE_LIMITS,
): Promise<EvalForm> {
  const { fields, files } = await receiveSmallForm(request, limits);
  const field = (name: string) => fields.get(name)?.[0] ?? "";
  const bench = files.get("bench");
  if (!bench || bench.bytes.length === 0)
    throw new AppError("bad_request:input", { userMessage: "벤치마크 파일(JSONL)을 골라 주세요." });
  let replay: string | undefined;
  if (field("mode") === "replay") {
    const calls = files.get("calls");
    if (!calls || calls.bytes.length === 0)
      throw new AppError("bad_request:input", { userMessage: "재생할 기록 파일(JSONL)을 골라 주세요." });
    replay = utf8(calls.bytes);
  }
  return {
    name: field("name") || bench.filename,
    corpusId: field("corpusId"),
    systems: fields.get("systems") ?? [],
    benchmark: utf8(bench.bytes),
    replay,
    baseline: field("baseline") || undefined,
  };
}

// As File.text() did: UTF-8, a BOM dropped, bad bytes as U+FFFD.
const utf8 = (bytes: Buffer) => new TextDecoder().decode(bytes);

const unreadable = (cause?: unknown) =>
  new AppError("bad_request:input", { userMessage: "요청을 읽을 수 없습니다.", cause });

/** Room for the fields and the multipart headers on top of the files' limits. */
const FORM_OVERHEAD_BYTES = 1_048_576;

/**
 * A multipart body whose file parts named in `limits` are collected in memory (other file parts are
 * drained). Each file is refused past its limit, and the whole body past the files' limits plus
 * FORM_OVERHEAD_BYTES (Content-Length before reading, the bytes received while reading), so neither
 * a big file nor a chunked body of anything else is read to its end.
 */
async function receiveSmallForm(
  request: Request,
  limits: Record<string, FileLimit>,
): Promise<{ fields: Map<string, string[]>; files: Map<string, { filename: string; bytes: Buffer }> }> {
  // Refuses a body that is not multipart before anything else (nothing is read yet).
  const form = new MultipartReader(request, { maxFields: 200, unreadable });
  const allowance = Object.values(limits).reduce((sum, l) => sum + l.maxBytes, FORM_OVERHEAD_BYTES);
  const tooLarge = (userMessage = "요청이 너무 큽니다. 평가 파일의 용량 한도를 확인해 주세요.") =>
    new AppError("eval:too_large", { userMessage });
  if (Number(request.headers.get("content-length") ?? 0) > allowance) throw tooLarge();

  const files = new Map<string, { filename: string; bytes: Buffer }>();
  const pending: Promise<unknown>[] = [];
  form.parser.on("file", (name, stream, info) => {
    const limit = limits[name];
    if (form.failure || !limit || files.has(name)) {
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => {
      if (form.failure) return;
      bytes += chunk.length;
      if (bytes > limit.maxBytes) return form.fail(tooLarge(limit.tooLarge));
      chunks.push(chunk);
    });
    pending.push(
      once(stream, "end").then(
        () => {
          if (!form.failure) files.set(name, { filename: info.filename ?? "", bytes: Buffer.concat(chunks) });
        },
        () => {},
      ),
    );
  });

  await form.read(allowance, () => {
    throw tooLarge();
  });
  if (form.failure) throw form.failure;
  await Promise.all(pending);
  return { fields: form.fields, files };
}
