import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, normalize, resolve, sep } from "node:path";
import { getCorpus } from "../db/corpora";
import { createJob, type JobRecord, updateJob } from "../db/jobs";
import { AppError } from "../errors";
import { type MetaHints, writeHints } from "./hints";
import { ACCEPTED_EXTENSIONS, extractZip, type Limits } from "./sources";

export interface UploadedFile {
  /** Relative path as sent by the browser (folder uploads keep their tree). */
  name: string;
  size: number;
  bytes: () => Promise<Uint8Array>;
}

const mb = (bytes: number) => Math.round(bytes / 1_048_576);

/** Checks the declared sizes before a byte is read, so a 2 GB upload is refused at once. */
export function checkUploadLimits(files: { name: string; size: number }[], limits: Limits): void {
  if (files.length === 0) throw new AppError("ingest:bad_file", { userMessage: "업로드할 파일을 선택해 주세요." });
  if (files.length > limits.maxFiles) {
    throw new AppError("ingest:too_large", {
      userMessage: `파일이 너무 많습니다: ${files.length}개 (한 번에 최대 ${limits.maxFiles}개).`,
    });
  }
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > limits.maxBytes) {
    throw new AppError("ingest:too_large", {
      userMessage: `업로드 용량이 한도를 넘습니다: ${mb(total)}MB (최대 ${mb(limits.maxBytes)}MB). 큰 말뭉치는 서버에서 'npm run ingest'로 가져오세요.`,
    });
  }
  const unsupported = files.filter((f) => !isSupported(f.name));
  if (unsupported.length === files.length) {
    throw new AppError("ingest:bad_file", {
      userMessage: `지원하지 않는 파일 형식입니다 (${[...ACCEPTED_EXTENSIONS, ".zip"].join(", ")}).`,
    });
  }
}

function isSupported(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.endsWith(".zip") || ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Keeps an uploaded relative path inside the job folder ("../x" and absolute paths are flattened). */
function safeTarget(root: string, name: string): string {
  const cleaned = name
    .replace(/\\/g, "/")
    .split("/")
    .filter((p) => p && p !== "." && p !== "..")
    .join("/");
  const target = normalize(join(/*turbopackIgnore: true*/ root, cleaned || "file"));
  if (!target.startsWith(root + sep))
    throw new AppError("ingest:bad_file", { userMessage: `잘못된 파일 이름: ${name}` });
  return target;
}

/**
 * Saves an upload into its own folder under DATA_DIR/uploads and creates the ingestion job that
 * will read it. The folder is kept after the job (re-index reads it again).
 */
export async function acceptUpload(
  corpusId: string,
  files: UploadedFile[],
  options: { dataDir: string; limits: Limits; hints?: MetaHints },
): Promise<JobRecord> {
  if (!(await getCorpus(corpusId))) throw new AppError("not_found:resource");
  checkUploadLimits(files, options.limits);
  const job = await createJob({ corpusId, kind: "upload" });
  const root = resolve(options.dataDir, "uploads", job.id);
  try {
    mkdirSync(root, { recursive: true });
    let unpacked = 0;
    for (const file of files.filter((f) => isSupported(f.name))) {
      const bytes = await file.bytes();
      if (file.name.toLowerCase().endsWith(".zip")) {
        const remaining = { maxBytes: options.limits.maxBytes - unpacked, maxFiles: options.limits.maxFiles };
        extractZip(bytes, join(root, file.name.replace(/[^\w가-힣.-]+/g, "_")), remaining, file.name);
      } else {
        const target = safeTarget(root, file.name);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, bytes);
      }
      unpacked += bytes.byteLength;
    }
    if (options.hints && Object.values(options.hints).some(Boolean)) writeHints(root, options.hints);
    await updateJob(job.id, { inputDir: root });
    return { ...job, inputDir: root };
  } catch (error) {
    // Nothing was indexed yet: drop the partial folder, keep the job as a visible failure.
    rmSync(root, { recursive: true, force: true });
    const message = error instanceof AppError ? error.userMessage : "업로드한 파일을 저장하지 못했습니다.";
    await updateJob(job.id, { status: "failed", message, finishedAt: new Date() });
    throw error;
  }
}
