import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/admin/evals/route";
import { signIn } from "@/lib/auth/session";
import { registerUser } from "@/lib/auth/users";
import { createCorpus } from "@/lib/db/corpora";
import { listEvalJobs } from "@/lib/db/eval-jobs";
import { resetEnvCache } from "@/lib/env";
import { MAX_BENCH_BYTES } from "@/lib/eval/eval-form";
import { useTestDatabase } from "../support/test-db";

/**
 * The evaluation upload route, called as Next calls it with an admin's session cookie (cookies() is
 * stubbed: no Next request scope here) and a body streamed from a pull source that counts what the
 * handler reads. Queued evaluations are recorded, not run.
 */
const session = vi.hoisted(() => ({ token: undefined as string | undefined }));
const dispatched = vi.hoisted(() => [] as string[]);
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (session.token ? { name, value: session.token } : undefined) }),
}));
vi.mock("@/lib/jobs/dispatch", () => ({
  dispatchJob: (_kind: unknown, id: string) => {
    dispatched.push(id);
  },
}));

const BOUNDARY = "----rar-eval-upload";
const ITEM = '{"id": "r1", "question": "질문", "gold_case_numbers": ["2021다7"]}\n';
let corpusId: string;
let filesDir: string;

beforeAll(async () => {
  useTestDatabase();
  filesDir = mkdtempSync(join(tmpdir(), "rar-eval-upload-"));
  process.env.FILES_DIR = filesDir;
  resetEnvCache();
  await registerUser({ email: "admin@firm.test", name: "관리자", role: "admin", password: "admin-password-1" });
  session.token = (await signIn("admin@firm.test", "admin-password-1")).token;
  corpusId = (await createCorpus("eval upload")).id;
});

beforeEach(() => {
  dispatched.length = 0;
});

/**
 * A chunked multipart body (no Content-Length, as a streaming client sends it): the fields, then a
 * `bench` file of `benchBytes` bytes (the item, padded with newlines) produced 64 KiB at a time as
 * the reader pulls. `pulled()` says how many body bytes the handler has read.
 */
function streamedUpload(benchBytes: number): { request: Request; pulled: () => number } {
  const enc = new TextEncoder();
  const head = enc.encode(
    [
      ["corpusId", corpusId],
      ["systems", "llm-only"],
    ]
      .map(([k, v]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("") +
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="bench"; filename="bench.jsonl"\r\n` +
      "content-type: application/jsonl\r\n\r\n",
  );
  const tail = enc.encode(`\r\n--${BOUNDARY}--\r\n`);
  const item = enc.encode(ITEM);
  const padding = new Uint8Array(64 * 1024).fill(0x0a);
  let fileSent = 0;
  let pulled = 0;
  let stage: "head" | "file" | "tail" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Uint8Array;
      if (stage === "head") {
        chunk = head;
        stage = "file";
      } else if (stage === "file") {
        if (fileSent === 0) chunk = item.subarray(0, Math.min(item.length, benchBytes));
        else chunk = padding.subarray(0, Math.min(padding.length, benchBytes - fileSent));
        fileSent += chunk.length;
        if (fileSent >= benchBytes) stage = "tail";
      } else if (stage === "tail") {
        chunk = tail;
        stage = "done";
      } else {
        controller.close();
        return;
      }
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const request = new Request("http://rag.firm.test/api/admin/evals", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const evalDirs = () => (existsSync(join(filesDir, "evals")) ? readdirSync(join(filesDir, "evals")) : []);

describe("POST /api/admin/evals reads the benchmark under its limit", () => {
  it("refuses a benchmark one byte over 10 MB with 413, stops reading soon after the limit, stores nothing", async () => {
    const jobsBefore = (await listEvalJobs()).length;
    const dirsBefore = evalDirs().length;
    // A 300 MB upload, pulled lazily: only what the handler reads is ever produced.
    const big = streamedUpload(300 * 1_048_576);
    const response = await POST(big.request);
    expect(big.pulled()).toBeGreaterThan(MAX_BENCH_BYTES);
    expect(big.pulled()).toBeLessThan(MAX_BENCH_BYTES + 1_048_576);
    expect(response.status).toBe(413);
    const json = (await response.json()) as { code: string; error: string };
    expect(json.code).toBe("eval:too_large");
    expect(json.error).toContain("10MB");

    const justOver = streamedUpload(MAX_BENCH_BYTES + 1);
    expect((await POST(justOver.request)).status).toBe(413);

    expect(await listEvalJobs()).toHaveLength(jobsBefore);
    expect(evalDirs()).toHaveLength(dirsBefore);
    expect(dispatched).toEqual([]);
  });

  it("accepts a benchmark of exactly 10 MB and queues its evaluation", async () => {
    const upload = streamedUpload(MAX_BENCH_BYTES);
    const response = await POST(upload.request);
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    expect(dispatched).toEqual([id]);
    expect(evalDirs()).toContain(id);
  });

  it("still asks for a benchmark when none was sent", async () => {
    const form = new FormData();
    form.append("corpusId", corpusId);
    form.append("systems", "llm-only");
    const response = await POST(new Request("http://rag.firm.test/api/admin/evals", { method: "POST", body: form }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain("벤치마크 파일");
  });
});
