import { requireAdmin } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { AppError, errorResponse } from "@/lib/errors";
import { startEvaluation } from "@/lib/eval/eval-jobs";
import { refuseCrossSite } from "@/lib/security/same-origin";
import { currentUser } from "../../../(auth)/auth";

export const dynamic = "force-dynamic";

const MAX_BENCH_BYTES = 10 * 1_048_576;
const MAX_CALLS_BYTES = 100 * 1_048_576;

/**
 * Starts an evaluation: a benchmark file (JSONL), a corpus, the systems to compare and the baseline;
 * in replay mode also a recorded-calls file (JSONL) that answers every model call.
 */
export async function POST(request: Request) {
  try {
    refuseCrossSite(request, env().TRUST_PROXY);
    const user = requireAdmin(await currentUser());
    const form = await request.formData().catch((cause) => {
      throw new AppError("bad_request:input", { userMessage: "요청을 읽을 수 없습니다.", cause });
    });
    const file = form.get("bench");
    if (!(file instanceof File) || file.size === 0)
      throw new AppError("bad_request:input", { userMessage: "벤치마크 파일(JSONL)을 골라 주세요." });
    if (file.size > MAX_BENCH_BYTES)
      throw new AppError("bad_request:input", { userMessage: "벤치마크 파일은 10MB 이하여야 합니다." });
    let replay: string | undefined;
    if (form.get("mode") === "replay") {
      const calls = form.get("calls");
      if (!(calls instanceof File) || calls.size === 0)
        throw new AppError("bad_request:input", { userMessage: "재생할 기록 파일(JSONL)을 골라 주세요." });
      if (calls.size > MAX_CALLS_BYTES)
        throw new AppError("bad_request:input", { userMessage: "기록 파일은 100MB 이하여야 합니다." });
      replay = await calls.text();
    }
    const job = await startEvaluation({
      name: String(form.get("name") || file.name),
      corpusId: String(form.get("corpusId") ?? ""),
      systems: form.getAll("systems").map(String),
      benchmark: await file.text(),
      userId: user.id,
      replay,
      baseline: String(form.get("baseline") ?? "") || undefined,
    });
    return Response.json({ id: job.id }, { status: 202 });
  } catch (error) {
    return errorResponse(error);
  }
}
