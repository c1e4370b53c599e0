"use server";

import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { deleteBriefReport, saveBriefReport } from "@/lib/brief/history";
import { briefReportSchema, briefTitleSchema } from "@/lib/brief/report-schema";
import type { BriefCheckSummary } from "@/lib/db/brief-checks";
import type { ActionResult } from "@/lib/errors";
import { actionResult, parseInput } from "@/lib/util/action-result";
import { currentUser } from "../../(auth)/auth";

// 서면 검증 results kept only when the lawyer presses 기록에 저장 (lib/brief/history.ts scopes them by owner).

const id = z.string().trim().min(1).max(64);
const saveSchema = z.object({
  title: briefTitleSchema,
  matterId: id.nullish(),
  report: briefReportSchema,
});

const me = async () => requireUser(await currentUser());

export async function saveBriefAction(input: z.input<typeof saveSchema>): Promise<ActionResult<BriefCheckSummary>> {
  return actionResult(async () => {
    const { title, matterId, report } = parseInput(saveSchema, input);
    return saveBriefReport(await me(), report, title, matterId);
  });
}

export async function deleteBriefAction(value: string): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await deleteBriefReport(await me(), parseInput(id, value));
    return null;
  });
}
