import { aiConfig } from "../ai/config";
import { faultyComponents } from "../ai/faults";
import { recheckFaults } from "../ai/recovery";
import { restartAnswer } from "../db/chat-rerun";
import { findOwnChat, findOwnMessage } from "../db/chats";
import { AppError } from "../errors";
import { DEFAULT_STRATEGY, isStrategyId, type StrategyId } from "../rag/strategies/steps";
import type { PipelineTrace } from "../rag/types";
import type { ScoredChunk } from "../text/decision";
import { MODEL_STILL_DOWN } from "./ask";
import type { ChatFilters } from "./filters";
import type { PreparedAsk } from "./question-intake";
import type { AnswerRecord, AnswerVersion } from "./types";

/**
 * Writing a turn's answer again, in place (issue 24):
 * - "retry" (다시 시도): the same question, the same passages — only the answer step runs again, from
 *   the stored evidence of that answer (an answer the model left unfinished, or one the lawyer wants
 *   rewritten). A component that just failed is probed first, so a model that is back is used.
 * - "strategy": the same question with another strategy, searched afresh.
 * - "edit": the question as the lawyer corrected it; the turns after it followed from the old
 *   question, so they are dropped, as good chat apps do.
 * The answer replaces the old one in the same message; the old text stays readable as a version.
 */
export type RerunKind = "retry" | "strategy" | "edit";

export interface RerunRequest {
  answerId: string;
  kind: RerunKind;
  strategy?: StrategyId;
  question?: string;
}

export interface PreparedRerun extends PreparedAsk {
  reuse?: { context: ScoredChunk[]; trace?: PipelineTrace };
  versions: AnswerVersion[];
  /** 다시 시도: the answer being written again, kept should the model still be unreachable. */
  replacing?: { answer: string; status: string; record?: AnswerRecord };
}

/** Versions kept per turn: enough to go back a few steps, not a growing log. */
const MAX_VERSIONS = 5;

function parse(trace: string | null): AnswerRecord | undefined {
  if (!trace) return undefined;
  try {
    return JSON.parse(trace) as AnswerRecord;
  } catch {
    return undefined;
  }
}

export async function prepareRerun(userId: string, request: RerunRequest): Promise<PreparedRerun> {
  const notFound = () => new AppError("not_found:resource", { userMessage: "답변을 찾을 수 없습니다." });
  // The chat of the answer, through the user's own chats only.
  const chatId = (await findOwnMessage(userId, request.answerId))?.chatId;
  const chat = chatId ? await findOwnChat(userId, chatId) : null;
  if (!chat) throw notFound();
  const index = chat.messages.findIndex((m) => m.id === request.answerId);
  const answer = chat.messages[index];
  const asked = chat.messages[index - 1];
  if (answer?.role !== "assistant" || asked?.role !== "user") throw notFound();
  if (answer.status === "streaming" || answer.status === "stopping") throw new AppError("chat:answer_running");

  const record = parse(answer.trace);
  const question = request.kind === "edit" ? (request.question ?? "").trim() : asked.content;
  if (!question) throw new AppError("bad_request:input", { userMessage: "질문을 입력해 주세요." });
  const before = record?.trace.strategy?.id;
  const strategy: StrategyId =
    request.kind === "retry"
      ? isStrategyId(before)
        ? before
        : DEFAULT_STRATEGY
      : (request.strategy ??
        (isStrategyId(before) ? before : isStrategyId(chat.strategy) ? chat.strategy : DEFAULT_STRATEGY));
  const reuse =
    request.kind === "retry" && record && record.context.length > 0
      ? { context: record.context, trace: record.trace }
      : undefined;
  const versions = [...(record?.versions ?? [])];
  if (answer.content.trim())
    versions.push({
      question: asked.content,
      answer: answer.content,
      strategy: record?.trace.strategy?.label,
      at: answer.updatedAt.toISOString(),
    });

  if (request.kind === "retry") {
    await recheckFaults();
    // The model failed its probe just now: nothing is rewritten, the answer stays as it is.
    if (answer.content.trim() && aiConfig().chat && faultyComponents().includes("llm"))
      throw new AppError("ai:unreachable", { userMessage: MODEL_STILL_DOWN });
  }
  const taken = await restartAnswer(
    userId,
    answer.id,
    request.kind === "edit" ? { questionId: asked.id, question, chatId: chat.id, after: answer.createdAt } : undefined,
  );
  if (!taken) throw new AppError("chat:answer_running");
  return {
    chatId: chat.id,
    assistantMessageId: answer.id,
    question,
    history: chat.messages
      .slice(0, index - 1)
      .filter((m) => m.status === "complete" && (m.role === "user" || m.role === "assistant"))
      .map((m) => ({ role: m.role as "user" | "assistant", content: m.content })),
    filters: record?.filters as ChatFilters | undefined,
    strategy,
    reuse,
    versions: versions.slice(-MAX_VERSIONS),
    replacing:
      request.kind === "retry" && answer.content.trim()
        ? { answer: answer.content, status: answer.status, record }
        : undefined,
  };
}
