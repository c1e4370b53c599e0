import { requireAdmin } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { errorResponse } from "@/lib/errors";
import { refuseCrossSite } from "@/lib/security/same-origin";
import { importStatutes, outcomeLine, recordStatuteImport } from "@/lib/statutes/import";
import { readStatuteUpload } from "@/lib/statutes/upload";
import { observeRoute } from "@/lib/util/observe-route";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/**
 * Multipart upload of statute files (.md, or a .zip of them): imported at once (a statute is a few
 * thousand rows, seconds at most), answering with one line per file.
 */
export const POST = observeRoute("/api/admin/statutes/upload", async (request: Request) => {
  try {
    refuseCrossSite(request, env().TRUST_PROXY);
    const admin = requireAdmin(await currentUser());
    const upload = await readStatuteUpload(request);
    const outcomes = await importStatutes(upload.sources, { force: upload.force });
    await recordStatuteImport(admin, outcomes);
    return Response.json({
      imported: outcomes.filter((o) => o.status === "imported").length,
      lines: outcomes.map(outcomeLine),
      outcomes,
      skipped: upload.skipped,
    });
  } catch (error) {
    return errorResponse(error);
  }
});
