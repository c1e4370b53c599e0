import { requireAdmin } from "@/lib/auth/session";
import { sweepStaleJobs } from "@/lib/db/jobs";
import { enrichmentJobView } from "@/lib/enrich/view";
import { AppError, errorResponse } from "@/lib/errors";
import { observeRoute } from "@/lib/util/observe-route";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/** Progress of one enrichment job (counts, tokens, cost, ETA, failures), polled by the corpus page. */
export const GET = observeRoute(
  "/api/admin/enrichment/[id]",
  async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
    try {
      requireAdmin(await currentUser());
      // A job whose process died shows as interrupted (resumable), never as running forever.
      await sweepStaleJobs();
      const job = await enrichmentJobView((await params).id);
      if (!job) throw new AppError("not_found:resource");
      return Response.json(job);
    } catch (error) {
      return errorResponse(error);
    }
  },
);
