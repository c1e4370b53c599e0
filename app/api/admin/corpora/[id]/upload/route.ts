import { requireAdmin } from "@/lib/auth/session";
import { env, filesDir } from "@/lib/env";
import { errorResponse } from "@/lib/errors";
import { enqueueJob } from "@/lib/ingest/job-queue";
import { acceptUpload } from "@/lib/ingest/upload";
import { uploadLimits } from "@/lib/ingest/upload-budget";
import { refuseCrossSite } from "@/lib/security/same-origin";
import { observeRoute } from "@/lib/util/observe-route";
import { auditByRequest, currentUser } from "../../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/**
 * Multipart upload of decision files (several files, a folder's files with their relative paths,
 * or zips) into a corpus, streamed to disk under one budget; answers with the ingestion job that
 * will index them once the files (zips unpacked) are on disk.
 */
export const POST = observeRoute(
  "/api/admin/corpora/[id]/upload",
  async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
    try {
      const settings = env();
      refuseCrossSite(request, settings.TRUST_PROXY);
      const admin = requireAdmin(await currentUser());
      const job = await acceptUpload((await params).id, request, {
        dataDir: filesDir(settings),
        limits: uploadLimits(settings),
        by: auditByRequest(admin, request),
      });
      enqueueJob(job.id);
      return Response.json({ jobId: job.id }, { status: 202 });
    } catch (error) {
      return errorResponse(error);
    }
  },
);
