import { requireAdmin } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { AppError, errorResponse } from "@/lib/errors";
import { metaHintsSchema } from "@/lib/ingest/hints";
import { enqueueJob } from "@/lib/ingest/job-queue";
import { acceptUpload } from "@/lib/ingest/upload";
import { currentUser } from "../../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/**
 * Multipart upload of decision files (several files, a folder's files with their relative paths,
 * or zips) into a corpus; answers with the ingestion job that will index them.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    requireAdmin(await currentUser());
    const settings = env();
    const limits = { maxBytes: settings.UPLOAD_MAX_MB * 1_048_576, maxFiles: settings.UPLOAD_MAX_FILES };
    // Refuse an oversized body before reading it (the browser checks too, but not every client does).
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > limits.maxBytes + 1_048_576) {
      throw new AppError("ingest:too_large", {
        userMessage: `업로드 용량이 한도를 넘습니다: ${Math.round(declared / 1_048_576)}MB (최대 ${settings.UPLOAD_MAX_MB}MB).`,
      });
    }
    const form = await request.formData().catch((cause) => {
      throw new AppError("ingest:bad_file", { userMessage: "업로드 요청을 읽을 수 없습니다.", cause });
    });
    const hints = metaHintsSchema.safeParse(
      Object.fromEntries(
        ["caseNo", "caseName", "court", "caseType", "decisionDate"].map((k) => [
          k,
          String(form.get(`meta.${k}`) ?? ""),
        ]),
      ),
    );
    if (!hints.success) {
      throw new AppError("bad_request:input", { userMessage: hints.error.issues[0]?.message });
    }
    const files = form.getAll("files").filter((f): f is File => typeof f !== "string");
    const paths = form.getAll("paths").map(String);
    const job = await acceptUpload(
      (await params).id,
      files.map((file, i) => ({
        name: paths[i] || file.name,
        size: file.size,
        bytes: async () => new Uint8Array(await file.arrayBuffer()),
      })),
      { dataDir: settings.DATA_DIR, limits, hints: hints.data },
    );
    enqueueJob(job.id);
    return Response.json({ jobId: job.id }, { status: 202 });
  } catch (error) {
    return errorResponse(error);
  }
}
