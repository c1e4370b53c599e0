import { apiBriefCheck, briefCheckSchema } from "@/lib/api/brief";
import { withApiCaller } from "@/lib/api/guard";
import { readBriefUpload } from "@/lib/brief/upload";
import { AppError } from "@/lib/errors";
import { observeRoute } from "@/lib/util/observe-route";

export const dynamic = "force-dynamic";

/**
 * Checks a draft's citations with a token of scope "read" (docs/api.md): a JSON body
 * `{ "text": "…", "llm"?: true }`, or a multipart upload with a `file` (.docx, .pdf, .hwpx, .txt).
 * The token is checked before a byte of the body is read; the body is read with a limit.
 */
export const POST = observeRoute("/api/v1/citations/check", async (request: Request) => {
  return withApiCaller(request, "read", "POST /api/v1/citations/check", async (context) => {
    const upload = await readBriefUpload(request);
    const parsed = briefCheckSchema.safeParse(upload);
    if (!parsed.success) throw new AppError("bad_request:input", { userMessage: parsed.error.issues[0]?.message });
    const caller = {
      user: { id: context.caller.user.id, email: context.caller.user.email },
      ip: context.ip,
      via: "API",
    };
    return Response.json(await apiBriefCheck(parsed.data, caller, context.baseUrl, request.signal));
  });
});
