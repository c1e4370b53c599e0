import { findOwnChat } from "../db/chats";
import { listSpooled, type SpooledQuestion, spoolQuestion, unspoolQuestion } from "../db/question-spool";
import { isStored, newQuestionIds, storeQuestion } from "../db/store-question";
import { AppError, logError, toAppError } from "../errors";
import { DEFAULT_STRATEGY, isStrategyId, type StrategyId } from "../rag/strategies/steps";
import { type ChatFilters, normalizeFilters } from "./filters";

/**
 * Taking a lawyer's question: it is written to the durable queue (lib/db/question-spool.ts) before
 * anything else can fail, then stored with its chat and an empty answer. A database busy past its
 * wait (DB_BUSY_TIMEOUT_MS: another process holding SQLite's write lock) no longer loses it with an
 * "unexpected error" (issue 23): the question is *held* — the browser follows its answer at once,
 * told that it waits for the database — and runAsk stores it as soon as the lock ends, then
 * answers. A server stopped meanwhile leaves it in the queue; the next start stores it with its
 * answer marked interrupted (storeQueuedQuestions), so the lawyer finds it and can ask again.
 */
export interface PreparedAsk {
  chatId: string;
  assistantMessageId: string;
  question: string;
  history: { role: "user" | "assistant"; content: string }[];
  /** What to search (corpora, courts, dates, case types); everything when absent. */
  filters?: ChatFilters;
  /** The query-time strategy: the one asked for, else the chat's remembered one, else RAR. */
  strategy?: StrategyId;
  /** Not in the database yet (it was busy): waits in the queue; runAsk stores it first (storeHeld). */
  held?: SpooledQuestion;
}

/** Questions this process is still storing itself: the start-up drain leaves them alone. */
const holder = globalThis as unknown as { __heldQuestions?: Set<string> };
holder.__heldQuestions ??= new Set();
const inHand: Set<string> = holder.__heldQuestions;

const titleOf = (question: string) => (question.length > 40 ? `${question.slice(0, 40)}…` : question);
const notFound = () => new AppError("not_found:resource", { userMessage: "대화를 찾을 수 없습니다." });

interface ChatContext {
  history: PreparedAsk["history"];
  remembered: string | null;
}

/** Reads the chat the question follows (its history, its strategy), then stores the question. */
async function storeWithChat(entry: SpooledQuestion): Promise<ChatContext> {
  const context: ChatContext = { history: [], remembered: null };
  if (entry.chatId) {
    const chat = await findOwnChat(entry.userId, entry.chatId);
    if (!chat) throw notFound();
    context.remembered = chat.strategy;
    context.history = chat.messages
      .filter((m) => m.status === "complete" && (m.role === "user" || m.role === "assistant"))
      .map((m) => ({ role: m.role as "user" | "assistant", content: m.content }));
  }
  const stored = await storeQuestion({ ...entry, askedAt: new Date(entry.askedAt) });
  // The chat was deleted (or was never the user's) between the read above and this write.
  if (!stored) throw notFound();
  return context;
}

function prepared(entry: SpooledQuestion, context: ChatContext): PreparedAsk {
  return {
    chatId: entry.ids.chatId,
    assistantMessageId: entry.ids.answerId,
    question: entry.question,
    history: context.history,
    filters: entry.filters as ChatFilters | undefined,
    strategy: isStrategyId(entry.strategy)
      ? entry.strategy
      : isStrategyId(context.remembered)
        ? context.remembered
        : DEFAULT_STRATEGY,
  };
}

async function release(entry: SpooledQuestion): Promise<void> {
  inHand.delete(entry.ids.questionId);
  await unspoolQuestion(entry.ids.questionId).catch(logError);
}

/**
 * Stores the question (and a new chat when none is given) and an empty answer to fill in; the
 * filters and the strategy become the chat's own. Busy past the database's wait: returned `held`.
 */
export async function prepareAsk(
  userId: string,
  question: string,
  chatId?: string,
  filters?: ChatFilters,
  strategy?: StrategyId,
): Promise<PreparedAsk> {
  const entry: SpooledQuestion = {
    ids: newQuestionIds(chatId),
    userId,
    chatId,
    title: titleOf(question),
    question,
    filters: normalizeFilters(filters),
    strategy,
    askedAt: new Date().toISOString(),
  };
  inHand.add(entry.ids.questionId);
  // A queue that cannot be written (a full disk) must not stop a question the database can take.
  const queued = await spoolQuestion(entry).then(
    () => true,
    (error) => {
      logError(error);
      return false;
    },
  );
  try {
    const context = await storeWithChat(entry);
    await release(entry);
    return prepared(entry, context);
  } catch (error) {
    if (queued && toAppError(error).code === "db:busy")
      return { ...prepared(entry, { history: [], remembered: null }), held: entry };
    await release(entry);
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A held question into the database, however long the lock lasts (each try waits up to the busy
 * budget, on a timer): the prepared question as if stored at once, with the chat's history and
 * strategy. Another failure (the chat deleted meanwhile) ends it, and the queue forgets it.
 */
export async function storeHeld(ask: PreparedAsk, pauseMs = 1_000): Promise<PreparedAsk> {
  const entry = ask.held;
  if (!entry) return ask;
  for (;;) {
    try {
      const context = await storeWithChat(entry);
      await release(entry);
      return prepared(entry, context);
    } catch (error) {
      if (toAppError(error).code !== "db:busy") {
        await release(entry);
        throw error;
      }
    }
    await sleep(pauseMs);
  }
}

/**
 * At start: questions a stopped server took while the database was busy are stored now, their
 * answers marked interrupted (the lawyer sees the question and asks again). Still busy: tried again
 * every `retryMs` until they are in. Returns how many were stored by the first pass.
 */
export async function storeQueuedQuestions(retryMs = 60_000): Promise<number> {
  const left: SpooledQuestion[] = [];
  let stored = 0;
  for (const entry of await listSpooled()) {
    if (inHand.has(entry.ids.questionId)) continue;
    try {
      if (!(await isStored(entry.ids, entry.userId))) {
        const done = await storeQuestion({ ...entry, askedAt: new Date(entry.askedAt), answerStatus: "interrupted" });
        if (done) stored += 1;
      }
      await unspoolQuestion(entry.ids.questionId);
    } catch (error) {
      logError(error);
      left.push(entry);
    }
  }
  if (left.length > 0) setTimeout(() => void storeQueuedQuestions(retryMs).catch(logError), retryMs).unref();
  return stored;
}
