import { requireAdmin } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { errorResponse } from "@/lib/errors";
import { readEvalForm } from "@/lib/eval/eval-form";
import { startEvaluation } from "@/lib/eval/eval-jobs";
import { refuseCrossSite } from "@/lib/security/same-origin";
import { observeRoute } from "@/lib/util/observe-route";
import { auditByRequest, currentUser } from "../../../(auth)/auth";

export const dynamic = "force-dynamic";

/**
 * Starts an evaluation: a benchmark file (JSONL), a corpus, the systems to compare and the baseline;
 * in replay mode also a recorded-calls file (JSONL) that answers every model call. The form is read
 * off the stream under its files' limits (lib/eval/eval-form.ts): an oversized file is refused (413)
 * before the rest of it is read, and nothing is stored.
 */
export const POST = observeRoute("/api/admin/evals", async (request: Request) => {
  try {
    refuseCrossSite(request, env().TRUST_PROXY);
    const user = requireAdmin(await currentUser());
    const form = await readEvalForm(request);
    const job = await startEvaluation({ ...form, userId: user.id, by: auditByRequest(user, request) });
    return Response.json({ id: job.id }, { status: 202 });
  } catch (error) {
    return errorResponse(error);
  }
});
