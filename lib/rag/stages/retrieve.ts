import type { ChatRole } from "../../ai/config";
import { AppError, toAppError } from "../../errors";
import type { ScoredChunk } from "../../text/decision";
import { hybridRetrieve, type RetrievalLists } from "../hybrid-retrieve";
import type { QueryKind } from "../types";
import { compact, isFatal, type RunContext } from "./context";

/**
 * One query through hybrid retrieval, recorded in the trace and sent. `denseText` embeds another
 * text for the dense side (HyDE: the hypothetical passage; with `denseOnly` that vector is the whole
 * search, else BM25 still searches `text`). A failed embeddings call says so once and the run goes
 * on BM25-only (over `text`).
 */
export function retrieveQuery(
  ctx: RunContext,
  which: QueryKind,
  text: string,
  options: { denseText?: string; denseOnly?: boolean } = {},
): Promise<RetrievalLists> {
  return ctx.timed(`retrieve:${which}`, async () => {
    let vector: number[] | undefined;
    if (ctx.deps.embed && !ctx.embedFailed) {
      vector = await ctx.deps.embed(options.denseText ?? text).catch((error) => {
        if (isFatal(error)) throw error;
        ctx.embedFailed = true;
        ctx.notice(
          "embeddings_failed",
          `임베딩 서버 오류로 키워드(BM25) 검색만 사용합니다: ${toAppError(error).userMessage}`,
        );
        return undefined;
      });
    }
    const lists = await hybridRetrieve(text, vector, ctx.deps.store, ctx.settings, ctx.scope, options.denseOnly);
    ctx.bm25[which] = lists.sparse.map((s) => s.score);
    ctx.searched[which] = { text, vector, denseOnly: options.denseOnly };
    ctx.trace.lists[which] = compact(lists.fused);
    ctx.send({ type: "retrieved", which, chunks: lists.fused });
    return lists;
  });
}

/** The fused list of one query (most strategies need nothing else). */
export const retrieveFused = async (ctx: RunContext, which: QueryKind, text: string): Promise<ScoredChunk[]> =>
  (await retrieveQuery(ctx, which, text)).fused;

/**
 * One LLM call whose whole text is wanted (a query, a list, a passage), timed as `llm:<stage>`;
 * `onDelta` sees the text as it streams. Throws ai:not_configured without an LLM.
 */
export function writeWithLlm(
  ctx: RunContext,
  stage: string,
  role: ChatRole,
  prompt: { system: string; prompt: string },
  temperature: number,
  onDelta?: (delta: string) => void,
): Promise<string> {
  return ctx.timed(`llm:${stage}`, async () => {
    const stream = ctx.deps.stream;
    if (!stream) throw new AppError("ai:not_configured");
    if (ctx.cut()) throw new AppError("ai:timeout");
    let text = "";
    const call = stream({ role, ...prompt, temperature, signal: ctx.llmSignal });
    for await (const delta of call.deltas) {
      text += delta;
      onDelta?.(delta);
    }
    await ctx.countTokens(call.usage);
    return text.trim();
  });
}
