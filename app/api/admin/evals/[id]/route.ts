import { requireAdmin } from "@/lib/auth/session";
import { AppError, errorResponse } from "@/lib/errors";
import { viewEvalJob } from "@/lib/eval/eval-jobs";
import { observeRoute } from "@/lib/util/observe-route";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

export const GET = observeRoute(
  "/api/admin/evals/[id]",
  async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
    try {
      requireAdmin(await currentUser());
      const job = await viewEvalJob((await params).id);
      if (!job) throw new AppError("not_found:resource");
      const { benchPath: _b, outDir: _o, owner: _w, heartbeatAt: _h, ...visible } = job;
      return Response.json(visible);
    } catch (error) {
      return errorResponse(error);
    }
  },
);
