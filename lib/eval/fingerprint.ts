import { createHash } from "node:crypto";
import type { AiConfig } from "../ai/config";
import type { ModelCalls } from "../ai/model-calls/types";
import type { CorpusIndexVersion } from "../db/corpora";
import { TOKENIZER_VERSION } from "../ingest/tokenize-ko";
import type { PipelineSettings } from "../rag/settings";
import type { StrategyId } from "../rag/strategies/steps";
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
};

/** Only the strategy settings a mode reads are in its fingerprint (a changed τ keeps BM25's cache). */
function strategySettingsOf(mode: StrategyId | undefined, settings: PipelineSettings["strategies"] | undefined) {
  if (!settings) return undefined;
  if (mode === "synonym") return { synonymTemperature: settings.synonymTemperature };
  if (mode === "multi-query") return { multiQueryTemperature: settings.multiQueryTemperature };
  if (mode === "hyde") return { hydeTemperature: settings.hydeTemperature };
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
    analyst: mode === "synonym" ? prompts.synonym : mode === "multi-query" ? prompts.multiQuery : prompts.analyst,
    judge: mode === "hyde" ? prompts.hyde : prompts.judge,
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
  };
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
