"use server";

import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import type { ActionResult } from "@/lib/errors";
import { searchDeps } from "@/lib/search/deps";
import { SIMILAR_MAX_CHARS, type SimilarHit, similarDecisions } from "@/lib/search/similar";
import { actionResult, parseInput } from "@/lib/util/action-result";
import { currentUser } from "../../(auth)/auth";

// The limit is checked here and again in lib (the error names it); a longer paste is refused whole.
const passageSchema = z
  .string()
  .trim()
  .min(1, "찾을 글을 넣어 주세요.")
  .max(SIMILAR_MAX_CHARS, `글이 너무 깁니다. ${SIMILAR_MAX_CHARS.toLocaleString("ko-KR")}자 이내로 줄여 주세요.`);

/** 비슷한 판례 for a pasted passage. */
export async function similarAction(passage: string): Promise<ActionResult<SimilarHit[]>> {
  return actionResult(async () => {
    await requireUser(await currentUser());
    const text = parseInput(passageSchema, passage);
    const deps = await searchDeps();
    return similarDecisions(text, { store: deps.store, dense: deps.dense });
  });
}
