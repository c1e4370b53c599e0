import { z } from "zod";
import { prepareAsk, runAsk } from "../chat/ask";
import { chatFiltersSchema } from "../chat/filters-schema";
import type { AnswerState } from "../chat/state";
import type { ChatEvent } from "../chat/types";
import { AppError } from "../errors";
import { STRATEGY_IDS } from "../rag/strategies/steps";
import { readBoundedJson } from "../util/bounded-body";
import { type ApiAnswer, summarizeAnswer } from "./answer-summary";
import type { ApiContext } from "./guard";

/**
 * A question through the API (REST `POST /api/v1/ask`, MCP `ask_with_citations`): the same
 * intake and pipeline as the chat — the question is kept in the caller's own chats, where the
 * lawyer finds it later — and the same events. A follow-up names a chat of the caller's; anyone
 * else's chat is "not found", exactly as in the browser.
 */
export const apiAskSchema = z.object({
  question: z.string().trim().min(2, "질문을 입력해 주세요.").max(4000, "질문은 4,000자 이내로 입력해 주세요."),
  chatId: z.string().min(1).max(64).optional(),
  strategy: z.enum(STRATEGY_IDS).optional(),
  filters: chatFiltersSchema.optional(),
});
export type ApiAskInput = z.infer<typeof apiAskSchema>;

/** A question's body: 4,000 characters and its filters fit many times over. */
const ASK_MAX_BYTES = 64 * 1024;

/** The body of `POST /api/v1/ask`, read with a byte limit (413 past it) and checked. */
export async function readApiAskInput(request: Request): Promise<ApiAskInput> {
  const parsed = apiAskSchema.safeParse(await readBoundedJson(request, ASK_MAX_BYTES));
  if (!parsed.success) throw new AppError("bad_request:input", { userMessage: parsed.error.issues[0]?.message });
  return parsed.data;
}

export interface ApiAskRun {
  chatId: string;
  messageId: string;
  /** Resolves when the answer has ended (done, stopped by the signal, or failed). */
  finished: Promise<ApiAnswer>;
}

export async function startApiAsk(
  context: ApiContext,
  input: ApiAskInput,
  signal: AbortSignal,
  onEvent?: (event: ChatEvent, state: AnswerState) => void,
): Promise<ApiAskRun> {
  const prepared = await prepareAsk(
    context.caller.user.id,
    input.question,
    input.chatId,
    input.filters,
    input.strategy,
  );
  const ids = { chatId: prepared.chatId, messageId: prepared.assistantMessageId };
  const finished = runAsk(prepared, (event, state) => onEvent?.(event, state), signal).then((state) =>
    summarizeAnswer(ids, state, context.baseUrl),
  );
  return { ...ids, finished };
}
