import type { ScoredChunk } from "../../text/decision";
import type { RunContext } from "../stages/context";
import { retrieveFused } from "../stages/retrieve";
import type { PipelineResult } from "../types";
import { atomicAnswer, atomicLists } from "./atomic";
import { ccRagAnswerLoop } from "./cc-rag";
import { hydeLists } from "./hyde";
import { multiQueryLists } from "./multi-query";
import { rarLists } from "./rar";
import { STRATEGY_LABELS, type StrategyId } from "./steps";
import { synonymLists } from "./synonym";

/** What a strategy needs to be itself (beyond BM25); without it the chat degrades and says so. */
export type StrategyComponent = "llm" | "embeddings";

/**
 * A query-time strategy: how the question becomes the lists to fuse and, for CC-RAG, how the answer
 * is controlled. Everything else — hybrid retrieval, RRF, the reranker, the answer — is the shared
 * stages (lib/rag/stages), so strategies differ only where the methods differ.
 */
export interface Strategy {
  id: StrategyId;
  label: string;
  needs: StrategyComponent[];
  /** The lists to fuse; `fuseTop` keeps more than M after fusion (multi-query reranks the whole union). */
  formulate(ctx: RunContext): Promise<{ lists: ScoredChunk[][]; fuseTop?: number }>;
  /** From the fused candidates to the result; absent: rerank to k and answer once. */
  answer?(ctx: RunContext, fused: ScoredChunk[]): Promise<PipelineResult>;
}

const wrap = (lists: Promise<ScoredChunk[][]>) => lists.then((l) => ({ lists: l }));
const original = async (ctx: RunContext) => ({ lists: [await retrieveFused(ctx, "original", ctx.question)] });

const define = (id: StrategyId, needs: StrategyComponent[], rest: Pick<Strategy, "formulate" | "answer">) => ({
  id,
  label: STRATEGY_LABELS[id],
  needs,
  ...rest,
});

export const STRATEGIES: Record<StrategyId, Strategy> = {
  rar: define("rar", ["llm"], { formulate: (ctx) => wrap(rarLists(ctx)) }),
  hybrid: define("hybrid", [], { formulate: original }),
  synonym: define("synonym", ["llm"], { formulate: (ctx) => wrap(synonymLists(ctx)) }),
  "multi-query": define("multi-query", ["llm"], { formulate: multiQueryLists }),
  hyde: define("hyde", ["llm", "embeddings"], { formulate: (ctx) => wrap(hydeLists(ctx)) }),
  // Confidence control is orthogonal to the formulation: over the question as asked, or over RAR's.
  "cc-rag": define("cc-rag", ["llm"], { formulate: original, answer: ccRagAnswerLoop }),
  "cc-rag-rar": define("cc-rag-rar", ["llm"], { formulate: (ctx) => wrap(rarLists(ctx)), answer: ccRagAnswerLoop }),
  // Rounds over the tag index that knowledge atomizing built (an enriched corpus).
  atomic: define("atomic", ["llm"], { formulate: atomicLists, answer: atomicAnswer }),
};
