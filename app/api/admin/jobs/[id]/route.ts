import { requireAdmin } from "@/lib/auth/session";
import { getJob } from "@/lib/db/jobs";
import { AppError, errorResponse } from "@/lib/errors";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/** Progress of one ingestion job, polled by the corpus page while the job runs. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    requireAdmin(await currentUser());
    const job = await getJob((await params).id);
    if (!job) throw new AppError("not_found:resource");
    const { inputDir: _hidden, ...visible } = job;
    return Response.json(visible);
  } catch (error) {
    return errorResponse(error);
  }
}
