import { createHash } from "node:crypto";
import type { AiConfig } from "../ai/config";
import type { ModelCalls } from "../ai/model-calls/types";
import type { CorpusIndexVersion } from "../db/corpora";
import type { EnrichmentState } from "../enrich/eval-state";
import type { PipelineSettings } from "../rag/settings";
import type { StrategyId } from "../rag/strategies/steps";
import { SUPPORT_CHECK_VERSION } from "../rag/support/check";
import { TOKENIZER_VERSION } from "../text/tokenize-ko";
import type { BenchmarkItem } from "./benchmark";
import { type PromptHashes, promptHashes } from "./prompt-templates";
import type { Component, SystemSpec } from "./systems";

/**
 * Everything that changes a (system, item) result, as a plain object: the evaluation cache is keyed
 * by its hash, so a change of model, endpoint, setting, prompt, corpus or tokenizer can never bring
 * back an old result as a new one. Only what the system actually uses is in it (BM25's results
 * survive a change of the answer model). Saved with each run, so two runs can be compared.
 */
export interface FingerprintContext {
  config: AiConfig;
  settings: PipelineSettings;
  corpus: CorpusIndexVersion;
  available: Record<Component, boolean>;
  prompts?: PromptHashes;
  /** The query-side tokenizer (defaults to this build's). */
  tokenizerVersion?: number;
  /** The corpus's enrichment (contexts, atomic questions, switches); absent: none considered. */
  enrichment?: EnrichmentState;
  /** The answer gate the answers ran with (DECLINE_MIN_RERANK_SCORE); absent: none. */
  answerGate?: { minRerankScore: number };
}

export type Fingerprint = Record<string, unknown>;

type Role = "analyst" | "judge" | "answer" | "embeddings" | "rerank";

/** The roles a system calls for an item of this kind, given what is configured. */
export function rolesUsed(
  system: SystemSpec,
  kind: BenchmarkItem["kind"],
  available: Record<Component, boolean>,
): Role[] {
  const roles: Role[] = [];
  const mode = system.options?.mode;
  // CC-RAG answers (and judges its answers) on retrieval items too: its final passages depend on them.
  const ccRagLoop = mode?.startsWith("cc-rag") && system.options?.selfAssessment !== false;
  const answers = (kind === "yesno" || Boolean(ccRagLoop)) && available.llm;
  if (system.kind === "llm-only") return kind === "yesno" && available.llm ? ["answer"] : [];
  if (available.llm) roles.push(...(STRATEGY_WRITERS[mode ?? "hybrid"] ?? []));
  if (answers) roles.push("answer");
  if (system.dense && available.embeddings) roles.push("embeddings");
  if (system.rerank && available.reranker) roles.push("rerank");
  return roles;
}

/** The query-writing roles each strategy calls (HyDE's passage is written by the judge's model). */
const STRATEGY_WRITERS: Partial<Record<StrategyId, Role[]>> = {
  rar: ["analyst", "judge"],
  "cc-rag-rar": ["analyst", "judge"],
  synonym: ["analyst"],
  "multi-query": ["analyst"],
  hyde: ["judge"],
  atomic: ["analyst", "judge"],
};

/** Only the strategy settings a mode reads are in its fingerprint (a changed τ keeps BM25's cache). */
function strategySettingsOf(mode: StrategyId | undefined, settings: PipelineSettings["strategies"] | undefined) {
  if (!settings) return undefined;
  if (mode === "synonym") return { synonymTemperature: settings.synonymTemperature };
  if (mode === "multi-query") return { multiQueryTemperature: settings.multiQueryTemperature };
  if (mode === "hyde") return { hydeTemperature: settings.hydeTemperature, hydeSearch: settings.hydeSearch };
  if (mode?.startsWith("cc-rag")) return { ccRag: settings.ccRag };
  return undefined;
}

/** Where the replies come from: the endpoint, the replayed file's content, or the endpoint and the file recorded to. */
const source = (calls: ModelCalls | undefined, baseURL: string) =>
  calls?.mode === "replay" ? calls.identity() : calls ? `${baseURL} (${calls.identity()})` : baseURL;

function modelOf(config: AiConfig, role: Role): { model: string; endpoint: string; dimensions?: number } | null {
  if (role === "embeddings") {
    const e = config.embeddings;
    return e ? { model: e.model, endpoint: source(e.calls, e.baseURL), dimensions: e.dimensions } : null;
  }
  if (role === "rerank") {
    const r = config.rerank;
    return r ? { model: r.model, endpoint: source(r.calls, r.baseURL) } : null;
  }
  const c = config.chat;
  return c ? { model: c.models[role], endpoint: source(c.calls, c.baseURL) } : null;
}

export function fingerprintOf(system: SystemSpec, kind: BenchmarkItem["kind"], ctx: FingerprintContext): Fingerprint {
  const roles = rolesUsed(system, kind, ctx.available);
  const prompts = ctx.prompts ?? promptHashes();
  const mode = system.options?.mode;
  const promptFor: Partial<Record<Role, string>> = {
    analyst:
      mode === "synonym"
        ? prompts.synonym
        : mode === "multi-query"
          ? prompts.multiQuery
          : mode === "atomic"
            ? prompts.atomicPropose
            : prompts.analyst,
    judge: mode === "hyde" ? prompts.hyde : mode === "atomic" ? prompts.atomicPick : prompts.judge,
    answer: system.kind === "llm-only" ? prompts.llmOnly : prompts.answer,
  };
  return {
    system: {
      id: system.id,
      kind: system.kind,
      options: system.options ?? null,
      rerank: Boolean(system.rerank),
      dense: Boolean(system.dense),
    },
    item: kind,
    pipeline: system.kind === "llm-only" ? null : pipelineOf(mode, { ...ctx.settings, ...system.settings }),
    models: Object.fromEntries(roles.map((r) => [r, modelOf(ctx.config, r)])),
    prompts: Object.fromEntries(roles.flatMap((r) => (promptFor[r] ? [[r, promptFor[r]]] : []))),
    corpus: system.kind === "llm-only" ? null : ctx.corpus,
    tokenizer: system.kind === "llm-only" ? null : (ctx.tokenizerVersion ?? TOKENIZER_VERSION),
    enrichment: system.kind === "llm-only" ? null : enrichmentOf(system, ctx.enrichment),
    // Answers carry the citation support check's counts (lib/rag/support); a change there re-runs them.
    ...(kind === "yesno" ? { supportCheck: SUPPORT_CHECK_VERSION, answerGate: ctx.answerGate ?? null } : {}),
  };
}

/**
 * The enrichment a system's results depend on: the contextual index when its switches (forced by
 * the system, else the corpus's) are on and it can be searched, with which contexts; the tag index
 * for `atomic`. A system that reads neither depends on none of it.
 */
function enrichmentOf(system: SystemSpec, state: EnrichmentState | undefined) {
  if (!state) return null;
  const switches = system.contextual ?? state.context.switches;
  const contextual =
    (switches.bm25 || switches.dense) && state.context.ready
      ? { switches, promptVersion: state.context.promptVersion, digest: state.context.digest }
      : null;
  const atoms =
    system.options?.mode === "atomic" ? { promptVersion: state.atoms.promptVersion, digest: state.atoms.digest } : null;
  return contextual || atoms ? { context: contextual, atoms } : null;
}

function pipelineOf(mode: StrategyId | undefined, settings: PipelineSettings) {
  const { strategies, ...rest } = settings;
  const own = strategySettingsOf(mode, strategies);
  return own ? { ...rest, strategies: own } : rest;
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function fingerprintHash(fp: Fingerprint): string {
  return createHash("sha256").update(stable(fp)).digest("hex").slice(0, 24);
}

/** The cache key of one (system, item): the fingerprint and the item itself. */
export function itemCacheKey(fp: Fingerprint, item: BenchmarkItem): string {
  return createHash("sha256")
    .update(`${fingerprintHash(fp)}\u0000${item.kind}\u0000${item.id}\u0000${item.question}`)
    .digest("hex")
    .slice(0, 24);
}

/** "models.analyst.model" → value: the flat view two runs' fingerprints are compared in. */
export function flattenFingerprint(value: unknown, prefix = ""): Record<string, string> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.assign(
      {},
      ...Object.entries(value as Record<string, unknown>).map(([k, v]) =>
        flattenFingerprint(v, prefix ? `${prefix}.${k}` : k),
      ),
    );
  }
  return { [prefix]: JSON.stringify(value) ?? "null" };
}
