import { AppError } from "../errors";
import { type Db, db } from "./client";

/** 👍 / 👎 on answers and reports of wrong citations, for admins to review. */

export const FEEDBACK_KINDS = ["up", "down", "citation_error"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export type Vote = "up" | "down";

/** What the admin list keeps of the answer: enough to judge it without opening the lawyer's chat. */
const ANSWER_SNAPSHOT_CHARS = 4000;

export interface FeedbackEntry {
  id: string;
  userEmail: string;
  kind: FeedbackKind;
  comment: string;
  question: string;
  answer: string;
  /** Null once the chat was deleted. */
  messageId: string | null;
  createdAt: Date;
}

/** The answer and the question before it, when the answer is in one of the user's chats. */
async function snapshot(userId: string, messageId: string, client: Db) {
  const answer = await client.message.findFirst({
    where: { id: messageId, role: "assistant", chat: { userId } },
    select: { id: true, chatId: true, content: true, createdAt: true },
  });
  if (!answer) throw new AppError("not_found:resource", { userMessage: "답변을 찾을 수 없습니다." });
  const question = await client.message.findFirst({
    where: { chatId: answer.chatId, role: "user", createdAt: { lte: answer.createdAt } },
    orderBy: { createdAt: "desc" },
    select: { content: true },
  });
  return { question: question?.content ?? "", answer: answer.content.slice(0, ANSWER_SNAPSHOT_CHARS) };
}

/**
 * Sets the user's vote on one of their answers: a new vote replaces the other one, the same vote
 * again (or null) takes it back. Returns the vote now in force.
 */
export async function setVote(
  user: { id: string; email: string },
  messageId: string,
  vote: Vote | null,
  client: Db = db(),
): Promise<Vote | null> {
  const snap = await snapshot(user.id, messageId, client);
  return client.$transaction(async (tx) => {
    const current = await tx.feedback.findFirst({
      where: { messageId, userId: user.id, kind: { in: ["up", "down"] } },
      select: { kind: true },
    });
    await tx.feedback.deleteMany({ where: { messageId, userId: user.id, kind: { in: ["up", "down"] } } });
    if (!vote || current?.kind === vote) return null;
    await tx.feedback.create({ data: { userId: user.id, userEmail: user.email, messageId, kind: vote, ...snap } });
    return vote;
  });
}

/** Records a report that an answer cites wrongly (each report is kept). */
export async function reportCitationError(
  user: { id: string; email: string },
  messageId: string,
  comment: string,
  client: Db = db(),
): Promise<void> {
  const snap = await snapshot(user.id, messageId, client);
  await client.feedback.create({
    data: { userId: user.id, userEmail: user.email, messageId, kind: "citation_error", comment, ...snap },
  });
}

/** The user's own feedback on one of their answers (their vote and how many reports). */
export async function ownFeedback(
  userId: string,
  messageId: string,
  client: Db = db(),
): Promise<{ vote: Vote | null; reports: number }> {
  const rows = await client.feedback.findMany({ where: { messageId, userId }, select: { kind: true } });
  const vote = rows.find((r) => r.kind === "up" || r.kind === "down")?.kind as Vote | undefined;
  return { vote: vote ?? null, reports: rows.filter((r) => r.kind === "citation_error").length };
}

/** For admins: everyone's feedback, newest first. */
export async function listFeedback(
  options: { kind?: FeedbackKind; take?: number } = {},
  client: Db = db(),
): Promise<FeedbackEntry[]> {
  const rows = await client.feedback.findMany({
    where: options.kind ? { kind: options.kind } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.take ?? 200,
    select: {
      id: true,
      userEmail: true,
      kind: true,
      comment: true,
      question: true,
      answer: true,
      messageId: true,
      createdAt: true,
    },
  });
  return rows as FeedbackEntry[];
}

export async function countFeedback(client: Db = db()): Promise<Record<FeedbackKind, number>> {
  const groups = await client.feedback.groupBy({ by: ["kind"], _count: { _all: true } });
  const counts: Record<FeedbackKind, number> = { up: 0, down: 0, citation_error: 0 };
  for (const g of groups) if (g.kind in counts) counts[g.kind as FeedbackKind] = g._count._all;
  return counts;
}
