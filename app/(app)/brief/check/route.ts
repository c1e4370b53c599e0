import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { runBriefCheck } from "@/lib/brief/service";
import { readBriefUpload } from "@/lib/brief/upload";
import { env } from "@/lib/env";
import { errorResponse } from "@/lib/errors";
import { refuseCrossSite } from "@/lib/security/same-origin";
import { parseInput } from "@/lib/util/action-result";
import { auditByRequest, currentUser } from "../../../(auth)/auth";

export const dynamic = "force-dynamic";

const uploadSchema = z.object({ text: z.string(), llm: z.boolean().optional() });

/**
 * 서면 검증 from the page (components/brief): pasted text as JSON, or a file as multipart, read in
 * memory with a byte limit; answers with the report. Nothing of the draft is stored or logged.
 * A route handler rather than a server action: the page shows the upload's progress, and an action's
 * body limit (next.config.ts) is far below a 20 MB file.
 */
export async function POST(request: Request) {
  try {
    refuseCrossSite(request, env().TRUST_PROXY);
    const user = requireUser(await currentUser());
    const upload = parseInput(uploadSchema, await readBriefUpload(request));
    const report = await runBriefCheck(
      { text: upload.text, llm: upload.llm, signal: request.signal },
      { user: { id: user.id, email: user.email }, ip: auditByRequest(user, request).ip, via: "화면" },
    );
    return Response.json(report, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
