import { mkdir, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { type AuditBy, recordAuditBy } from "../db/audit";
import { getCorpus } from "../db/corpora";
import { createJob, type JobRecord, updateJob } from "../db/jobs";
import { AppError, logError } from "../errors";
import { metaHintsSchema, writeHints } from "./hints";
import { receiveMultipart } from "./multipart";
import { SkipReport } from "./skip-report";
import { ACCEPTED_EXTENSIONS, isAccepted } from "./sources";
import { extractZip } from "./unzip";
import { bodyAllowance, UploadBudget, type UploadLimits } from "./upload-budget";
import { isZipName, safeTarget, skipReasonFor } from "./upload-paths";

const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const HINT_KEYS = ["caseNo", "caseName", "court", "caseType", "decisionDate"] as const;
/** Received parts wait here (a dot-folder: the importer never reads it) until their names are known. */
const INCOMING = ".incoming";

/**
 * Receives a multipart upload (`files` parts, `paths` with their folder-relative names, `meta.*`
 * hints) straight to disk under DATA_DIR/uploads/<jobId>, unpacks its zips there (streamed), and
 * creates the ingestion job that will read the folder. One budget covers the whole upload. Skipped
 * files and entries are stored on the job as `ingest:skipped` errors. A refused or failed upload
 * leaves nothing on disk and its job (if one was created) shows as failed.
 */
export async function acceptUpload(
  corpusId: string,
  request: Request,
  options: { dataDir: string; limits: UploadLimits; by?: AuditBy },
): Promise<JobRecord> {
  const { limits } = options;
  // Refuse a declared oversized body before reading it (the browser checks too, not every client does).
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > bodyAllowance(limits)) {
    throw new AppError("ingest:too_large", {
      userMessage: `업로드 용량이 한도를 넘습니다: ${mb(declared)}MB (최대 ${mb(limits.maxBytes)}MB). 큰 말뭉치는 서버에서 'npm run ingest'로 가져오세요.`,
    });
  }
  const corpus = await getCorpus(corpusId);
  if (!corpus) throw new AppError("not_found:resource");
  const job = await createJob({ corpusId, kind: "upload" });
  const root = resolve(options.dataDir, "uploads", job.id);
  const skipped = new SkipReport();
  try {
    const written = await receiveInto(root, request, new UploadBudget(limits), skipped);
    await updateJob(job.id, { inputDir: root, errors: skipped.list() });
    await recordAuditBy(
      options.by,
      "corpus.upload",
      { kind: "corpus", id: corpus.id, label: corpus.name },
      `파일 ${written}개${skipped.count ? `, 건너뜀 ${skipped.count}개` : ""} (작업 ${job.id})`,
    );
    return { ...job, inputDir: root, errors: skipped.list() };
  } catch (error) {
    // Nothing was indexed yet: drop everything written, keep the job as a visible failure.
    await rm(root, { recursive: true, force: true });
    if (!(error instanceof AppError)) logError(error);
    const message = error instanceof AppError ? error.userMessage : "업로드한 파일을 저장하지 못했습니다.";
    await updateJob(job.id, { status: "failed", message, errors: skipped.list(), finishedAt: new Date() });
    throw error;
  }
}

/** Returns how many decision files were written (a zip's entries each count). */
async function receiveInto(root: string, request: Request, budget: UploadBudget, skipped: SkipReport): Promise<number> {
  const incoming = join(/*turbopackIgnore: true*/ root, INCOMING);
  await mkdir(incoming, { recursive: true });
  const { fields, parts } = await receiveMultipart(request, incoming, budget, (filename) => {
    if (isZipName(filename)) return true; // its entries are counted when it is opened
    budget.addFile();
    return isAccepted(filename);
  });
  if (parts.length === 0) throw new AppError("ingest:bad_file", { userMessage: "업로드할 파일을 선택해 주세요." });
  const hints = metaHintsSchema.safeParse(
    Object.fromEntries(HINT_KEYS.map((k) => [k, fields.get(`meta.${k}`)?.[0] ?? ""])),
  );
  if (!hints.success) throw new AppError("bad_request:input", { userMessage: hints.error.issues[0]?.message });

  const paths = fields.get("paths") ?? [];
  const nameOf = (index: number, filename: string) => (paths[index] || filename).normalize("NFC");
  let written = 0;
  // Plain files first, so that their bytes are on the budget before the zips' declared sizes are judged.
  for (const part of parts) {
    const name = nameOf(part.index, part.filename);
    if (!part.tempPath) {
      skipped.add(name, skipReasonFor(name) ?? "unsupported");
      continue;
    }
    if (isZipName(name)) continue;
    const reason = skipReasonFor(name);
    if (reason) {
      skipped.add(name, reason);
      continue;
    }
    budget.write(name, part.bytes);
    const target = safeTarget(root, name);
    await mkdir(dirname(target), { recursive: true });
    await rename(part.tempPath, target);
    written += 1;
  }
  for (const part of parts) {
    const name = nameOf(part.index, part.filename);
    if (!part.tempPath || !isZipName(name)) continue;
    if (skipReasonFor(name) === "hidden") {
      skipped.add(name, "hidden");
      continue;
    }
    // One folder per zip, named after it (a leading dot would hide it from the importer).
    const dest = join(/*turbopackIgnore: true*/ root, name.replace(/[^\w가-힣.-]+/g, "_").replace(/^\.+/, "") || "zip");
    written += await extractZip(part.tempPath, dest, { budget, skipped, label: name });
    await rm(part.tempPath, { force: true });
  }
  await rm(incoming, { recursive: true, force: true });
  if (written === 0) {
    throw new AppError("ingest:bad_file", {
      userMessage:
        skipped.count > 0
          ? `가져올 수 있는 판례 파일이 없습니다. 지원하는 형식: ${[...ACCEPTED_EXTENSIONS, ".zip"].join(", ")} (건너뛴 항목 ${skipped.count}개).`
          : "업로드할 파일을 선택해 주세요.",
    });
  }
  if (Object.values(hints.data).some(Boolean)) writeHints(root, hints.data);
  return written;
}
