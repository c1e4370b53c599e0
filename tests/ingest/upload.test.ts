import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createCorpus } from "@/lib/db/corpora";
import { getJob, listJobs } from "@/lib/db/jobs";
import { AppError } from "@/lib/errors";
import { listInputFiles } from "@/lib/ingest/sources";
import { acceptUpload } from "@/lib/ingest/upload";
import type { UploadLimits } from "@/lib/ingest/upload-budget";
import { useTestDatabase } from "../support/test-db";
import { multipartRequest, zip } from "../support/zip-writer";

const MB = 1_048_576;
const limits: UploadLimits = { maxBytes: 4 * MB, maxFiles: 50, maxUnpackedBytes: 4 * MB, maxRatio: 200 };
const text = (s: string) => Buffer.from(s, "utf8");
let dataDir: string;

beforeAll(() => {
  useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-upload-"));
});

/** Text that deflate cannot shrink much (a ratio near 1), so sizes mean what they say. */
function noise(bytes: number, seed = 1): Buffer {
  const out = Buffer.alloc(bytes);
  let x = seed;
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = 97 + (x % 26);
  }
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The upload folder of the corpus's only job is gone, and the job shows the failure. */
async function expectNothingLeft(corpusId: string) {
  const [job] = await listJobs(corpusId);
  expect(job?.status).toBe("failed");
  expect(job?.message).toBeTruthy();
  expect(existsSync(join(dataDir, "uploads", job?.id ?? "none"))).toBe(false);
  return job;
}

describe("streamed upload", () => {
  it("puts plain files (folder paths kept), a zip's files and the hints where the job reads them", async () => {
    const corpus = await createCorpus("normal upload");
    const request = await multipartRequest([
      // The browser sends fields first; files without a path fall back to their own name.
      ["paths", "민사/대법원/a.md"],
      ["paths", "../../b.txt"],
      ["paths", ""],
      ["paths", "notes.pdf"],
      ["meta.court", "서울중앙지방법원"],
      ["files", { name: "a.md", data: text("가") }],
      ["files", { name: "b.txt", data: text("나") }],
      ["files", { name: "판례 묶음.zip", data: zip([{ name: "2023/c.md", data: text("다") }]) }],
      ["files", { name: "notes.pdf", data: text("%PDF") }],
    ]);
    const job = await acceptUpload(corpus.id, request, { dataDir, limits });
    const root = join(dataDir, "uploads", job.id);
    expect(job.inputDir).toBe(root);
    expect((await getJob(job.id))?.inputDir).toBe(root);
    expect(listInputFiles(root).map((f) => f.name)).toEqual(["b.txt", "민사/대법원/a.md", "판례_묶음.zip/2023/c.md"]);
    expect(readFileSync(join(root, "판례_묶음.zip/2023/c.md"), "utf8")).toBe("다");
    expect(readdirSync(root)).not.toContain(".incoming");
    expect(JSON.parse(readFileSync(join(root, ".upload-meta.json"), "utf8"))).toMatchObject({
      court: "서울중앙지방법원",
    });
    expect((await getJob(job.id))?.errors).toEqual([
      { file: "notes.pdf", code: "ingest:skipped", message: expect.stringContaining("지원하지 않는 파일 형식") },
    ]);
  });

  it("also accepts the paths after their files (older clients, curl)", async () => {
    const corpus = await createCorpus("paths after files");
    const request = await multipartRequest([
      ["files", { name: "a.md", data: text("가") }],
      ["paths", "폴더/a.md"],
    ]);
    const job = await acceptUpload(corpus.id, request, { dataDir, limits });
    expect(listInputFiles(job.inputDir ?? "").map((f) => f.name)).toEqual(["폴더/a.md"]);
  });

  it("refuses a chunked body over the budget while reading it, and leaves nothing on disk", async () => {
    const corpus = await createCorpus("chunked");
    const boundary = "----rar-test-boundary";
    const head = text(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.md"\r\nContent-Type: text/markdown\r\n\r\n`,
    );
    const chunk = noise(64 * 1024);
    let pulled = 0;
    let cancelled = false;
    // 256 MiB on offer, produced only as it is read: no Content-Length, like a chunked upload.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(head);
        if (pulled >= 256 * MB) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const error = await refusal(acceptUpload(corpus.id, request, { dataDir, limits }));
    expect(error.code).toBe("ingest:too_large");
    expect(error.status).toBe(413);
    expect(error.userMessage).toContain("업로드 용량이 한도를 넘습니다");
    expect(cancelled).toBe(true);
    // Stopped near the 4 MiB budget, far from the 256 MiB offered (stream buffers allow some slack).
    expect(pulled).toBeLessThan(12 * MB);
    await expectNothingLeft(corpus.id);
  });

  it("refuses a declared Content-Length over the budget before reading, without creating a job", async () => {
    const corpus = await createCorpus("declared");
    let pulled = 0;
    const request = new Request("http://localhost/upload", {
      method: "POST",
      // highWaterMark 0: nothing is pulled until someone reads.
      body: new ReadableStream(
        {
          pull(controller) {
            pulled += 1;
            controller.close();
          },
        },
        { highWaterMark: 0 },
      ),
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(100 * MB) },
      duplex: "half",
    } as RequestInit);
    expect((await refusal(acceptUpload(corpus.id, request, { dataDir, limits }))).code).toBe("ingest:too_large");
    expect(pulled).toBe(0);
    expect(await listJobs(corpus.id)).toEqual([]);
  });
});

describe("one budget for the whole upload", () => {
  it("sums the unpacked bytes of several zips: each fits, together they do not", async () => {
    const corpus = await createCorpus("two zips");
    const request = await multipartRequest([
      ["files", { name: "one.zip", data: zip([{ name: "a.md", data: noise(2.5 * MB, 1) }]) }],
      ["files", { name: "two.zip", data: zip([{ name: "b.md", data: noise(2.5 * MB, 2) }]) }],
    ]);
    // Received bytes are ~5 MiB (deflate barely shrinks the noise): give them room, keep the unpacked budget.
    const error = await refusal(acceptUpload(corpus.id, request, { dataDir, limits: { ...limits, maxBytes: 8 * MB } }));
    expect(error.code).toBe("ingest:too_large");
    expect(error.userMessage).toContain("two.zip");
    await expectNothingLeft(corpus.id);
  });

  it("counts plain files against the same unpacked budget as the zips", async () => {
    const corpus = await createCorpus("plain and zip");
    const request = await multipartRequest([
      ["files", { name: "big.md", data: noise(2.5 * MB) }],
      ["files", { name: "one.zip", data: zip([{ name: "a.md", data: noise(2.5 * MB, 3) }]) }],
    ]);
    const error = await refusal(acceptUpload(corpus.id, request, { dataDir, limits: { ...limits, maxBytes: 8 * MB } }));
    expect(error.code).toBe("ingest:too_large");
    await expectNothingLeft(corpus.id);
  });

  it("sums received bytes across files, and counts zip entries as files", async () => {
    const corpus = await createCorpus("bytes and files");
    const received = await multipartRequest([
      ["files", { name: "a.md", data: noise(2.5 * MB) }],
      ["files", { name: "b.md", data: noise(2.5 * MB) }],
    ]);
    expect((await refusal(acceptUpload(corpus.id, received, { dataDir, limits }))).code).toBe("ingest:too_large");
    await expectNothingLeft(corpus.id);

    const other = await createCorpus("file count");
    const entries = Array.from({ length: 3 }, (_, i) => ({ name: `${i}.md`, data: text("x") }));
    const counted = await multipartRequest([
      ["files", { name: "a.md", data: text("a") }],
      ["files", { name: "many.zip", data: zip(entries) }],
    ]);
    const error = await refusal(acceptUpload(other.id, counted, { dataDir, limits: { ...limits, maxFiles: 3 } }));
    expect(error.userMessage).toContain("파일이 너무 많습니다");
    await expectNothingLeft(other.id);
  });
});

describe("skipped files and bad uploads", () => {
  it("stores skipped zip entries on the job, by name and reason, at upload time", async () => {
    const corpus = await createCorpus("skips");
    const request = await multipartRequest([
      [
        "files",
        {
          name: "판례.zip",
          data: zip([
            { name: "ok.md", data: text("가") },
            { name: "../../escape.md", data: text("x") },
            { name: "/abs.md", data: text("x") },
            { name: "__MACOSX/._ok.md", data: text("x") },
            { name: "scan.hwp", data: text("x") },
          ]),
        },
      ],
      ["files", { name: ".DS_Store", data: text("x") }],
    ]);
    const job = await acceptUpload(corpus.id, request, { dataDir, limits });
    expect(listInputFiles(job.inputDir ?? "").map((f) => f.name)).toEqual(["판례.zip/ok.md"]);
    const errors = (await getJob(job.id))?.errors ?? [];
    expect(errors.map((e) => [e.code, e.file])).toEqual([
      ["ingest:skipped", ".DS_Store"],
      ["ingest:skipped", "판례.zip/../../escape.md"],
      ["ingest:skipped", "판례.zip//abs.md"],
      ["ingest:skipped", "판례.zip/__MACOSX/._ok.md"],
      ["ingest:skipped", "판례.zip/scan.hwp"],
    ]);
    expect(errors[0]?.message).toContain("숨김");
    expect(errors[1]?.message).toContain("폴더 밖");
    expect(errors[4]?.message).toContain("지원하지 않는 파일 형식");
    expect(existsSync(join(dataDir, "escape.md"))).toBe(false);
  });

  it("fails visibly when nothing importable is left, keeping the skipped list", async () => {
    const corpus = await createCorpus("nothing");
    const request = await multipartRequest([
      ["files", { name: "only.zip", data: zip([{ name: "a.png", data: text("x") }]) }],
    ]);
    const error = await refusal(acceptUpload(corpus.id, request, { dataDir, limits }));
    expect(error.code).toBe("ingest:bad_file");
    const job = await expectNothingLeft(corpus.id);
    expect(job?.errors.map((e) => e.file)).toEqual(["only.zip/a.png"]);
  });

  it("refuses a broken zip, an empty form and bad hints", async () => {
    const broken = await createCorpus("broken zip");
    const request = await multipartRequest([["files", { name: "x.zip", data: text("not a zip") }]]);
    expect((await refusal(acceptUpload(broken.id, request, { dataDir, limits }))).code).toBe("ingest:bad_file");
    await expectNothingLeft(broken.id);

    const empty = await createCorpus("empty form");
    const none = await multipartRequest([["meta.court", "대법원"]]);
    expect((await refusal(acceptUpload(empty.id, none, { dataDir, limits }))).userMessage).toContain("선택해");
    await expectNothingLeft(empty.id);

    const hints = await createCorpus("bad hints");
    const bad = await multipartRequest([
      ["meta.decisionDate", "2023년"],
      ["files", { name: "a.md", data: text("가") }],
    ]);
    expect((await refusal(acceptUpload(hints.id, bad, { dataDir, limits }))).code).toBe("bad_request:input");
    await expectNothingLeft(hints.id);
  });
});
