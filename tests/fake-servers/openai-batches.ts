import type { IncomingMessage, ServerResponse } from "node:http";
import busboy from "busboy";
import { sendJson } from "./shared";

/**
 * The OpenAI Batch API, minimally, for the fake server: POST /files (multipart, purpose "batch"),
 * POST /batches, GET /batches/{id} (in_progress for `polls` looks, then completed), POST
 * /batches/{id}/cancel, GET /files/{id}/content. Each line of a batch is answered as the chat
 * endpoint would answer it (the same rules), into an output file; a line that is not a chat
 * completion request goes to the error file.
 */
export interface FakeFile {
  id: string;
  filename: string;
  purpose: string;
  content: string;
}

export interface FakeBatch {
  id: string;
  input_file_id: string;
  status: string;
  looks: number;
  output_file_id: string | null;
  error_file_id: string | null;
  metadata: unknown;
  request_counts: { total: number; completed: number; failed: number };
}

const CREATED = 1_700_000_000;

export function fakeBatches(options: {
  /** GET /batches/{id} answers "in_progress" this many times before completing (setPolls changes it). */
  polls: number;
  answer: (body: Record<string, unknown>) => { status: number; body: unknown };
}) {
  const files = new Map<string, FakeFile>();
  const batches = new Map<string, FakeBatch>();
  let counter = 0;

  const fileObject = (f: FakeFile) => ({
    id: f.id,
    object: "file",
    bytes: Buffer.byteLength(f.content),
    created_at: CREATED,
    filename: f.filename,
    purpose: f.purpose,
    status: "processed",
  });
  const batchObject = (b: FakeBatch) => ({
    id: b.id,
    object: "batch",
    endpoint: "/v1/chat/completions",
    errors: null,
    input_file_id: b.input_file_id,
    completion_window: "24h",
    status: b.status,
    output_file_id: b.output_file_id,
    error_file_id: b.error_file_id,
    created_at: CREATED,
    request_counts: b.request_counts,
    metadata: b.metadata,
  });

  const complete = (b: FakeBatch) => {
    const input = files.get(b.input_file_id)?.content ?? "";
    const out: string[] = [];
    const errors: string[] = [];
    for (const [n, raw] of input.split("\n").entries()) {
      if (!raw.trim()) continue;
      let line: { custom_id?: string; url?: string; body?: Record<string, unknown> };
      try {
        line = JSON.parse(raw);
      } catch {
        errors.push(
          JSON.stringify({
            id: `r${n}`,
            custom_id: null,
            response: null,
            error: { code: "invalid_json", message: "not JSON" },
          }),
        );
        continue;
      }
      if (line.url !== "/v1/chat/completions" || !line.body) {
        errors.push(
          JSON.stringify({
            id: `r${n}`,
            custom_id: line.custom_id,
            response: null,
            error: { code: "invalid_url", message: `bad url ${line.url}` },
          }),
        );
        continue;
      }
      const { status, body } = options.answer(line.body);
      out.push(
        JSON.stringify({
          id: `r${n}`,
          custom_id: line.custom_id,
          response: { status_code: status, request_id: `q${n}`, body },
          error: null,
        }),
      );
    }
    const save = (lines: string[], kind: string) => {
      if (lines.length === 0) return null;
      const id = `file-${kind}-${++counter}`;
      files.set(id, {
        id,
        filename: `${b.id}-${kind}.jsonl`,
        purpose: "batch_output",
        content: `${lines.join("\n")}\n`,
      });
      return id;
    };
    b.output_file_id = save(out, "out");
    b.error_file_id = save(errors, "err");
    const failed = errors.length + out.filter((l) => !l.includes('"status_code":200')).length;
    b.request_counts = { total: out.length + errors.length, completed: out.length + errors.length - failed, failed };
    b.status = "completed";
  };

  return {
    files,
    batches,
    setPolls(n: number) {
      options.polls = n;
    },
    upload(req: IncomingMessage, res: ServerResponse) {
      const parts: { purpose: string; filename: string; content: Buffer[] } = {
        purpose: "",
        filename: "",
        content: [],
      };
      const bb = busboy({ headers: req.headers });
      bb.on("field", (name, value) => {
        if (name === "purpose") parts.purpose = value;
      });
      bb.on("file", (_name, stream, info) => {
        parts.filename = info.filename ?? "upload.jsonl";
        stream.on("data", (d: Buffer) => parts.content.push(d));
      });
      bb.on("close", () => {
        const id = `file-in-${++counter}`;
        const file = {
          id,
          filename: parts.filename,
          purpose: parts.purpose,
          content: Buffer.concat(parts.content).toString("utf8"),
        };
        files.set(id, file);
        sendJson(res, 200, fileObject(file));
      });
      req.pipe(bb);
    },
    route(method: string, path: string, body: Record<string, unknown>, res: ServerResponse) {
      const content = path.match(/\/files\/([^/]+)\/content$/);
      if (method === "GET" && content) {
        const file = files.get(content[1] ?? "");
        if (!file) return sendJson(res, 404, { error: { message: "no such file", type: "invalid_request_error" } });
        res.writeHead(200, { "content-type": "application/jsonl" });
        return res.end(file.content);
      }
      if (method === "POST" && path.endsWith("/batches")) {
        const input = String(body.input_file_id ?? "");
        if (!files.has(input))
          return sendJson(res, 400, { error: { message: "no such input file", type: "invalid_request_error" } });
        const b: FakeBatch = {
          id: `batch_${++counter}`,
          input_file_id: input,
          status: "validating",
          looks: 0,
          output_file_id: null,
          error_file_id: null,
          metadata: body.metadata ?? null,
          request_counts: { total: 0, completed: 0, failed: 0 },
        };
        batches.set(b.id, b);
        return sendJson(res, 200, batchObject(b));
      }
      const one = path.match(/\/batches\/([^/]+)(\/cancel)?$/);
      const b = one ? batches.get(one[1] ?? "") : undefined;
      if (!b) return sendJson(res, 404, { error: { message: "no such batch", type: "invalid_request_error" } });
      if (method === "POST" && one?.[2]) {
        if (b.status !== "completed") b.status = "cancelled";
        return sendJson(res, 200, batchObject(b));
      }
      if (method === "GET") {
        b.looks += 1;
        if (b.status !== "completed" && b.status !== "cancelled") {
          if (b.looks > options.polls) complete(b);
          else b.status = "in_progress";
        }
        return sendJson(res, 200, batchObject(b));
      }
      return sendJson(res, 404, { error: { message: `no route ${method} ${path}`, type: "invalid_request_error" } });
    },
  };
}

export type FakeBatches = ReturnType<typeof fakeBatches>;
