import { ContextualStore, type Switches } from "../enrich/contextual-store";
import type { PipelineDeps, PipelineOptions } from "../rag/pipeline";
import type { PipelineSettings, StrategySettings } from "../rag/settings";

/**
 * The systems an evaluation compares (same corpus, same models). Each names the components it
 * needs; one whose component is not configured is skipped with the reason.
 */
export type Component = "llm" | "embeddings" | "reranker";

export interface SystemSpec {
  id: string;
  label: string;
  needs: Component[];
  /** Pipeline mode and switches; "llm-only" answers without retrieval. */
  kind: "llm-only" | "pipeline";
  options?: PipelineOptions;
  settings?: Partial<PipelineSettings>;
  /** Strategy settings this system overrides (e.g. HyDE's search). */
  strategySettings?: Partial<StrategySettings>;
  /** Rerank or not (baselines without a reranker keep the retrieval order). */
  rerank?: boolean;
  /** Retrieval with embeddings or BM25 only. */
  dense?: boolean;
  /**
   * Contextual retrieval forced on or off per side (lib/enrich): the ablation. Absent: each
   * corpus's own switches, as the chat searches (the fingerprint records which were in force).
   */
  contextual?: Switches;
}

const sweep: SystemSpec[] = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((w) => ({
  id: `sweep-${w}`,
  label: `Hybrid ${w}:${10 - w} + Reranker`,
  needs: ["embeddings", "reranker"],
  kind: "pipeline",
  options: { mode: "hybrid" },
  settings: { denseWeight: w / 10, sparseWeight: (10 - w) / 10 },
  rerank: true,
  dense: true,
}));

const RRF: Partial<PipelineSettings> = { hybridFusion: "rrf" };

function hybridRerank(): SystemSpec {
  return {
    id: "hybrid-rerank",
    label: "Hybrid + Reranker",
    needs: ["embeddings", "reranker"],
    kind: "pipeline",
    options: { mode: "hybrid" },
    rerank: true,
    dense: true,
  };
}

function rar(): SystemSpec {
  return {
    id: "rar",
    label: "RAR",
    needs: ["llm", "embeddings", "reranker"],
    kind: "pipeline",
    options: { mode: "rar" },
    rerank: true,
    dense: true,
  };
}

/**
 * A system and its `<id>-sparse` twin: the same strategy over BM25 alone (reranker when configured),
 * so recorded LLM replies compare strategies offline without an embeddings model (as `rar-sparse`).
 * Only for systems whose strategy needs nothing but an LLM (HyDE searches by a vector: it has none).
 */
const SPARSE_TWINS = new Set<string>();

function withSparse(system: SystemSpec): SystemSpec[] {
  SPARSE_TWINS.add(`${system.id}-sparse`);
  return [
    system,
    {
      ...system,
      id: `${system.id}-sparse`,
      label: `${system.label} (BM25 only)`,
      needs: system.needs.filter((c) => c === "llm"),
      dense: false,
    },
  ];
}

function strategy(id: string, label: string, options: PipelineOptions): SystemSpec {
  return { id, label, needs: ["llm", "embeddings", "reranker"], kind: "pipeline", options, rerank: true, dense: true };
}

/** Contextual retrieval (docs/method.md §3): BM25 and/or embeddings over context + text, with and without the reranker. */
const contextual: SystemSpec[] = [
  ["off", "맥락 없음", { bm25: false, dense: false }],
  ["bm25", "맥락 BM25", { bm25: true, dense: false }],
  ["dense", "맥락 임베딩", { bm25: false, dense: true }],
  ["both", "맥락 BM25 + 맥락 임베딩", { bm25: true, dense: true }],
].flatMap(([id, label, switches]) =>
  [true, false].map(
    (rerank): SystemSpec => ({
      id: `ctx-${id}${rerank ? "" : "-norerank"}`,
      label: `Hybrid (${label})${rerank ? " + Reranker" : ""}`,
      needs: rerank ? ["embeddings", "reranker"] : ["embeddings"],
      kind: "pipeline",
      options: { mode: "hybrid" },
      rerank,
      dense: true,
      contextual: switches as Switches,
    }),
  ),
);

export const SYSTEMS: SystemSpec[] = [
  { id: "llm-only", label: "LLM only", needs: ["llm"], kind: "llm-only" },
  {
    id: "standard-rag",
    label: "Standard RAG (dense)",
    needs: ["embeddings"],
    kind: "pipeline",
    options: { mode: "hybrid" },
    settings: { denseWeight: 1, sparseWeight: 0, hybridFusion: "score" },
    dense: true,
  },
  {
    id: "dense-rerank",
    label: "Dense + Reranker",
    needs: ["embeddings", "reranker"],
    kind: "pipeline",
    options: { mode: "hybrid" },
    settings: { denseWeight: 1, sparseWeight: 0, hybridFusion: "score" },
    rerank: true,
    dense: true,
  },
  hybridRerank(),
  rar(),
  ...withSparse({
    id: "rar-no-cot",
    label: "RAR w/o chain-of-thought",
    needs: ["llm", "embeddings", "reranker"],
    kind: "pipeline",
    options: { mode: "rar", chainOfThought: false },
    rerank: true,
    dense: true,
  }),
  ...withSparse({
    id: "rar-no-scaffold",
    label: "RAR w/o contextual scaffolding",
    needs: ["llm", "embeddings", "reranker"],
    kind: "pipeline",
    options: { mode: "rar", scaffolding: false },
    rerank: true,
    dense: true,
  }),
  { id: "sparse", label: "BM25", needs: [], kind: "pipeline", options: { mode: "hybrid" } },
  {
    id: "sparse-rerank",
    label: "BM25 + Reranker",
    needs: ["reranker"],
    kind: "pipeline",
    options: { mode: "hybrid" },
    rerank: true,
  },
  {
    id: "rar-sparse",
    label: "RAR (BM25 only)",
    needs: ["llm"],
    kind: "pipeline",
    options: { mode: "rar" },
    rerank: true,
  },
  // The other query-time strategies (docs/method.md §2, §5), on the same full stack as RAR.
  ...withSparse(strategy("synonym", "Synonym expansion", { mode: "synonym" })),
  ...withSparse(strategy("multi-query", "Multi-query", { mode: "multi-query" })),
  strategy("hyde", "HyDE", { mode: "hyde" }),
  {
    ...strategy("hyde-hybrid", "HyDE + BM25 on the question", { mode: "hyde" }),
    strategySettings: { hydeSearch: "hybrid" },
  },
  ...withSparse(strategy("cc-rag", "CC-RAG (원래 질문)", { mode: "cc-rag" })),
  ...withSparse(strategy("cc-rag-rar", "CC-RAG (RAR 질의)", { mode: "cc-rag-rar" })),
  strategy("cc-rag-no-self", "CC-RAG w/o self-assessment", { mode: "cc-rag", selfAssessment: false }),
  strategy("cc-rag-no-dynk", "CC-RAG w/o dynamic k", { mode: "cc-rag", dynamicK: false }),
  ...contextual,
  {
    id: "ctx-sparse",
    label: "BM25 (맥락 BM25)",
    needs: [],
    kind: "pipeline",
    options: { mode: "hybrid" },
    contextual: { bm25: true, dense: false },
  },
  // Knowledge-aware decomposition over the tag index (docs/method.md §4); tags by cosine with embeddings, else BM25.
  {
    id: "atomic",
    label: "Atomic decomposition (PIKE-RAG)",
    needs: ["llm"],
    kind: "pipeline",
    options: { mode: "atomic" },
    rerank: true,
    dense: true,
  },
  // The departure the product once made by default (weighted RRF of the dense and BM25 rankings), kept
  // as an option and measured against the method's score fusion (group "fusion").
  { ...hybridRerank(), id: "hybrid-rerank-rrf", label: "Hybrid (weighted RRF) + Reranker", settings: RRF },
  { ...rar(), id: "rar-rrf", label: "RAR (weighted RRF hybrid)", settings: RRF },
  ...sweep,
];

/** Named groups accepted by --systems besides single ids. */
export const SYSTEM_GROUPS: Record<string, string[]> = {
  // Without the sweep and the BM25-only twins (group strategies-sparse): `all` calls the models once per strategy.
  all: SYSTEMS.filter((s) => !s.id.startsWith("sweep-") && !SPARSE_TWINS.has(s.id)).map((s) => s.id),
  baselines: ["llm-only", "standard-rag", "dense-rerank", "hybrid-rerank"],
  ablations: ["rar", "rar-no-cot", "rar-no-scaffold"],
  sweep: sweep.map((s) => s.id),
  fusion: ["hybrid-rerank", "hybrid-rerank-rrf", "rar", "rar-rrf"],
  strategies: ["hybrid-rerank", "rar", "synonym", "multi-query", "hyde", "cc-rag", "cc-rag-rar"],
  // Every strategy that needs only an LLM, over BM25 alone: comparable offline from recorded replies.
  "strategies-sparse": ["sparse", "rar-sparse", ...SPARSE_TWINS],
  "cc-rag-ablations": ["cc-rag", "cc-rag-no-self", "cc-rag-no-dynk"],
  contextual: ["sparse", "ctx-sparse", ...contextual.map((s) => s.id)],
  enrichment: ["sparse", "ctx-sparse", ...contextual.map((s) => s.id), "rar", "atomic"],
};

export function resolveSystems(list: string): { systems: SystemSpec[]; unknown: string[] } {
  const ids = list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((s) => SYSTEM_GROUPS[s] ?? [s]);
  const unique = [...new Set(ids)];
  return {
    systems: unique.flatMap((id) => SYSTEMS.filter((s) => s.id === id)),
    unknown: unique.filter((id) => !SYSTEMS.some((s) => s.id === id)),
  };
}

const COMPONENT_LABEL: Record<Component, string> = { llm: "언어 모델", embeddings: "임베딩", reranker: "리랭커" };

/** Why a system cannot run with these components, or null when it can. */
export function skipReason(system: SystemSpec, available: Record<Component, boolean>): string | null {
  const missing = system.needs.filter((c) => !available[c]);
  return missing.length ? `${missing.map((c) => COMPONENT_LABEL[c]).join(", ")} 설정 없음` : null;
}

/** The pipeline dependencies for one system: components it does not use are left out. */
export function depsFor(system: SystemSpec, deps: PipelineDeps): PipelineDeps {
  return {
    ...deps,
    store:
      system.contextual && deps.store instanceof ContextualStore
        ? deps.store.withSwitches(system.contextual)
        : deps.store,
    settings: {
      ...deps.settings,
      ...system.settings,
      strategies: { ...deps.settings.strategies, ...system.settings?.strategies, ...system.strategySettings },
    },
    embed: system.dense ? deps.embed : undefined,
    rerank: system.rerank ? deps.rerank : undefined,
  };
}
