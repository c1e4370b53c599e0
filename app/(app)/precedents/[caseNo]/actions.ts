"use server";

import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { findDocumentsForCaseNo } from "@/lib/db/case-lookup";
import { filesDir } from "@/lib/env";
import { type ActionResult, AppError } from "@/lib/errors";
import { decisionFile } from "@/lib/ingest/decision-archive";
import type { FindCounts } from "@/lib/precedent/find-parts";
import { viewerFind } from "@/lib/precedent/viewer-client";
import { actionResult, parseInput } from "@/lib/util/action-result";
import { currentUser } from "../../../(auth)/auth";

const findSchema = z.object({
  caseNo: z.string().trim().min(1).max(200),
  corpusId: z.string().max(64),
  query: z.string().max(200, "찾을 말은 200자 이내로 적어 주세요."),
});

/** Where else in a decision shown in parts the words are: matches per part (counted in the viewer's worker). */
export async function findInDecisionAction(input: z.input<typeof findSchema>): Promise<ActionResult<FindCounts>> {
  return actionResult(async () => {
    requireUser(await currentUser());
    const { caseNo, corpusId, query } = parseInput(findSchema, input);
    const doc = (await findDocumentsForCaseNo(caseNo)).find((d) => d.corpusId === corpusId);
    if (!doc) throw new AppError("not_found:resource");
    const counts = await viewerFind(decisionFile(filesDir(), doc.corpusId, doc.caseNo), query);
    if (!counts) throw new AppError("not_found:resource");
    return counts;
  });
}
