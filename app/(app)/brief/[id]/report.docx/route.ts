import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { loadBriefReport } from "@/lib/brief/history";
import { briefReportDocx } from "@/lib/brief/report-docx";
import { AppError, errorResponse } from "@/lib/errors";
import { docxResponse, ExportId } from "@/lib/export/docx-response";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/** A saved 서면 검증 as a Word file, for its owner only (anyone else: not found). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const user = requireUser(await currentUser());
    const parsed = z.object({ id: ExportId }).safeParse(await params);
    if (!parsed.success) throw new AppError("brief:not_found");
    const saved = await loadBriefReport(user, parsed.data.id);
    const body = await briefReportDocx(saved.report, { title: saved.title, checkedAt: saved.createdAt });
    return docxResponse(body, `서면검증 ${saved.title}`, `brief-${saved.id}.docx`);
  } catch (error) {
    return errorResponse(error);
  }
}
