import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { findDocumentsForCaseNo } from "@/lib/db/case-lookup";
import { filesDir } from "@/lib/env";
import { AppError, errorResponse } from "@/lib/errors";
import { attachmentDisposition } from "@/lib/export/content-disposition";
import { decisionFile } from "@/lib/ingest/decision-archive";
import { viewerText } from "@/lib/precedent/viewer-client";
import { decodePathSegment } from "@/lib/util/path-segment";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

const Params = z.object({ caseNo: z.string().min(1).max(200) });

/**
 * The whole decision as a text file: what a lawyer prints or files when the viewer shows it in
 * parts. The worker builds and encodes it; this thread only sends the bytes.
 */
export async function GET(request: Request, { params }: { params: Promise<{ caseNo: string }> }) {
  try {
    requireUser(await currentUser());
    const parsed = Params.safeParse(await params);
    if (!parsed.success) throw new AppError("not_found:resource");
    const caseNo = decodePathSegment(parsed.data.caseNo);
    const corpus = new URL(request.url).searchParams.get("corpus");
    const docs = await findDocumentsForCaseNo(caseNo);
    const doc = docs.find((d) => d.corpusId === corpus) ?? docs[0];
    if (!doc) throw new AppError("not_found:resource");
    const bytes = await viewerText(decisionFile(filesDir(), doc.corpusId, doc.caseNo));
    if (!bytes) throw new AppError("not_found:resource");
    return new Response(bytes, {
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "content-disposition": attachmentDisposition(`${doc.caseNo} ${doc.caseName}.txt`.trim(), "decision.txt"),
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
