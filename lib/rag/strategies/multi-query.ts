import { multiQueryPrompt } from "../../ai/prompts/multi-query";
import type { ScoredChunk } from "../../text/decision";
import type { RunContext } from "../stages/context";
import { retrieveFused } from "../stages/retrieve";
import type { QueryKind } from "../types";
import { askForList } from "./synonym";

const REWRITE_KINDS: QueryKind[] = ["rewrite-1", "rewrite-2", "rewrite-3"];

/**
 * Multi-query rewriting (docs/method.md §2): the LLM rewrites the question from three angles in one call
 * (at the multi-query temperature, 0 by default); the original, searched at once, stays first; every query is
 * searched; the union, de-duplicated by chunk, is reranked against the original (RRF order
 * without a reranker) — so nothing of the union is cut before the reranker sees it.
 */
export async function multiQueryLists(ctx: RunContext): Promise<{ lists: ScoredChunk[][]; fuseTop: number }> {
  const { question } = ctx;
  const original = retrieveFused(ctx, "original", question);
  if (!ctx.deps.stream) {
    ctx.notice("llm_missing", "언어 모델이 없어 원래 질문으로만 검색합니다.");
    ctx.step({ key: "rewrites", kind: "rewrites", status: "skipped", queries: [question], fallback: "언어 모델 없음" });
    return { lists: [await original], fuseTop: Number.POSITIVE_INFINITY };
  }
  ctx.step({ key: "rewrites", kind: "rewrites", status: "running", queries: [question] });
  const listed = await askForList(
    ctx,
    "rewrites",
    "analyst",
    multiQueryPrompt(question),
    ctx.settings.strategies.multiQueryTemperature,
    { max: 3, maxLength: 300 },
  );
  const rewrites = listed.ok ? listed.items : [];
  if (!listed.ok) ctx.notice("rewrites_failed", `질의를 다시 쓰지 못해 원래 질문으로만 검색합니다 (${listed.reason}).`);
  rewrites.forEach((text, i) => {
    const which = REWRITE_KINDS[i] as QueryKind;
    ctx.trace.queries[which] = text;
    ctx.send({ type: "query", which, text });
  });
  const lists = await Promise.all([
    original,
    ...rewrites.map((text, i) => retrieveFused(ctx, REWRITE_KINDS[i] as QueryKind, text)),
  ]);
  const queries = [question, ...rewrites];
  ctx.step({
    key: "rewrites",
    kind: "rewrites",
    status: listed.ok ? "done" : "fallback",
    queries,
    parsedAs: listed.ok ? listed.how : undefined,
    fallback: listed.ok ? undefined : listed.reason,
    lists: lists.map((list, i) => ({
      query: queries[i] ?? "",
      count: list.length,
      top: [...new Set(list.map((c) => c.chunk.caseNo))].slice(0, 3),
    })),
    union: new Set(lists.flatMap((list) => list.map((c) => c.chunk.id))).size,
  });
  return { lists, fuseTop: Number.POSITIVE_INFINITY };
}
