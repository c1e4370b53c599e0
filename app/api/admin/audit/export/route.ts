import { requireAdmin } from "@/lib/auth/session";
import { recordAudit } from "@/lib/db/audit";
import { env } from "@/lib/env";
import { errorResponse } from "@/lib/errors";
import { auditCsvStream } from "@/lib/export/audit-csv";
import { auditTime, describeQuery, parseAuditQuery } from "@/lib/export/audit-log";
import { attachmentDisposition } from "@/lib/export/content-disposition";
import { refuseCrossSite } from "@/lib/security/same-origin";
import { observeRoute } from "@/lib/util/observe-route";
import { auditByRequest, currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/**
 * The audit log as a CSV file, filtered as the page was (same query string). Admins only; taking a
 * copy of the log is itself logged.
 */
export const GET = observeRoute("/api/admin/audit/export", async (request: Request) => {
  try {
    refuseCrossSite(request, env().TRUST_PROXY);
    const admin = requireAdmin(await currentUser());
    const { query, filter } = parseAuditQuery(Object.fromEntries(new URL(request.url).searchParams));
    const by = auditByRequest(admin, request);
    await recordAudit({ ...by, action: "audit.export", detail: describeQuery(query) });
    const day = auditTime(new Date()).slice(0, 10);
    return new Response(auditCsvStream(filter), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": attachmentDisposition(`변경기록-${day}.csv`, `audit-log-${day}.csv`),
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
});
