import { requireAdmin } from "@/lib/auth/session";
import { getEvalJob } from "@/lib/db/eval-jobs";
import { AppError, errorResponse } from "@/lib/errors";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    requireAdmin(await currentUser());
    const job = await getEvalJob((await params).id);
    if (!job) throw new AppError("not_found:resource");
    const { benchPath: _b, outDir: _o, ...visible } = job;
    return Response.json(visible);
  } catch (error) {
    return errorResponse(error);
  }
}
