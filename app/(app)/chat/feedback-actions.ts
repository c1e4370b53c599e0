"use server";

import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { ownFeedback, reportCitationError, setVote, type Vote } from "@/lib/db/feedback";
import type { ActionResult } from "@/lib/errors";
import { actionResult, parseInput } from "@/lib/util/action-result";
import { currentUser } from "../../(auth)/auth";

// 👍 / 👎 and 인용 오류 신고 on the user's own answers (lib/db/feedback.ts checks the answer is theirs).

const messageId = z.string().min(1).max(64);
const vote = z.enum(["up", "down"]).nullable();
const comment = z
  .string()
  .trim()
  .min(2, "어떤 인용이 잘못되었는지 적어 주세요.")
  .max(2000, "신고 내용은 2,000자 이내로 적어 주세요.");

const me = async () => requireUser(await currentUser());

export async function voteAction(answerId: string, value: Vote | null): Promise<ActionResult<Vote | null>> {
  return actionResult(async () => setVote(await me(), parseInput(messageId, answerId), parseInput(vote, value)));
}

export async function reportCitationAction(answerId: string, text: string): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await reportCitationError(await me(), parseInput(messageId, answerId), parseInput(comment, text));
    return null;
  });
}

export async function myFeedbackAction(
  answerId: string,
): Promise<ActionResult<{ vote: Vote | null; reports: number }>> {
  return actionResult(async () => ownFeedback((await me()).id, parseInput(messageId, answerId)));
}
