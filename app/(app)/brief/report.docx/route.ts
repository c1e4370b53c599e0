import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { briefReportDocx } from "@/lib/brief/report-docx";
import { briefReportSchema, briefTitleSchema } from "@/lib/brief/report-schema";
import { env } from "@/lib/env";
import { AppError, errorResponse } from "@/lib/errors";
import { docxResponse } from "@/lib/export/docx-response";
import { refuseCrossSite } from "@/lib/security/same-origin";
import { parseInput } from "@/lib/util/action-result";
import { readBoundedJson } from "@/lib/util/bounded-body";
import { currentUser } from "../../../(auth)/auth";

export const dynamic = "force-dynamic";

// A report of 600 citations with their sentences and quotes stays well under this.
const MAX_BYTES = 5 * 1024 * 1024;
const bodySchema = z.object({ title: briefTitleSchema.optional(), report: briefReportSchema });

/**
 * The report on the page (not saved: nothing of it is kept) as a Word file. The page posts the
 * report it holds back here, since the server keeps no copy of an unsaved check.
 */
export async function POST(request: Request) {
  try {
    refuseCrossSite(request, env().TRUST_PROXY);
    requireUser(await currentUser());
    const json = await readBoundedJson(
      request,
      MAX_BYTES,
      () => new AppError("brief:too_large", { userMessage: "검증 결과가 너무 커서 내보낼 수 없습니다." }),
      "검증 결과를 읽을 수 없습니다.",
    );
    const { title, report } = parseInput(bodySchema, json);
    const name = title || "서면 검증";
    const body = await briefReportDocx(report, { title: name, checkedAt: new Date() });
    return docxResponse(body, `서면검증 ${name}`, "brief-check.docx");
  } catch (error) {
    return errorResponse(error);
  }
}
