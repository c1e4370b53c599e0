import { requireAdmin } from "@/lib/auth/session";
import { AppError, errorResponse } from "@/lib/errors";
import { viewJob } from "@/lib/ingest/job-control";
import { observeRoute } from "@/lib/util/observe-route";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/** Progress of one ingestion job, polled by the corpus page while the job runs. */
export const GET = observeRoute(
  "/api/admin/jobs/[id]",
  async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
    try {
      requireAdmin(await currentUser());
      const job = await viewJob((await params).id);
      if (!job) throw new AppError("not_found:resource");
      const { inputDir: _hidden, owner: _owner, heartbeatAt: _beat, ...visible } = job;
      return Response.json(visible);
    } catch (error) {
      return errorResponse(error);
    }
  },
);
