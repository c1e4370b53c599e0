import { join, resolve } from "node:path";
import { aiConfig, type ChatConfig } from "../ai/config";
import { type EnrichKind, PROMPT_VERSIONS } from "../ai/prompts/enrich";
import { type AuditBy, recordAuditBy } from "../db/audit";
import { getCorpus } from "../db/corpora";
import { loadChunkStates, setCorpusEnrichment } from "../db/corpus-enrichment";
import { createEnrichmentRow, type EnrichMode, type EnrichmentJobRecord } from "../db/enrichment";
import { createJob, type JobRecord } from "../db/jobs";
import { env, filesDir } from "../env";
import { AppError } from "../errors";
import { corpusTarget } from "../ingest/corpus-admin";
import { defaultEmbedder } from "../ingest/job-queue";
import { getStore } from "../store";
import { pricesFromEnv } from "./cost";
import type { EnrichJobContext } from "./job-context";
import { enrichLlm, openAIClient } from "./llm";
import { BackOffGate } from "./pool";
import { getSideStore } from "./side-stores";

/**
 * Starting enrichment jobs (admin page, CLI, and after an ingestion job of an enriched corpus) and
 * what they run with. An enrichment job is an ingestion job of kind "enrich" — the same heartbeat,
 * stale sweep, cancel and resume, one job per corpus at a time — with its own row (EnrichmentJob).
 * Jobs started by the server run in a child process (scripts/job-runner.ts enrich <id>), in a queue
 * of their own (lib/enrich/enrich-jobs.ts): an overnight enrichment never holds up another corpus's import.
 */

/** How the audit log names each kind of enrichment. */
const ENRICH_KIND_LABEL: Record<EnrichKind, string> = { context: "맥락 보강", atoms: "원자 질문 보강" };

/** The model enrichment asks: ENRICH_MODEL, else LLM_MODEL (else the analyst's). */
export function enrichChatConfig(): { config: ChatConfig; model: string } | undefined {
  const settings = env();
  const config = aiConfig().chat;
  if (!config) return undefined;
  const model = settings.ENRICH_MODEL ?? settings.LLM_MODEL ?? config.models.analyst;
  return { config, model };
}

export async function startEnrichment(input: {
  corpusId: string;
  kind: EnrichKind;
  mode?: EnrichMode;
  retryOnly?: boolean;
  /** The CLI runs the job itself (and beats from now); the server queues it. */
  owner?: string;
  /** Who started it, for the audit log. */
  by?: AuditBy;
}): Promise<{ job: JobRecord; enrichment: EnrichmentJobRecord }> {
  const corpus = await getCorpus(input.corpusId);
  if (!corpus) throw new AppError("not_found:resource", { userMessage: "말뭉치를 찾을 수 없습니다." });
  if (corpus.documentCount === 0) {
    throw new AppError("bad_request:input", { userMessage: "색인된 판례가 없어 보강할 것이 없습니다." });
  }
  const chat = enrichChatConfig();
  if (!chat) {
    throw new AppError("ai:not_configured", {
      userMessage: "언어 모델(LLM_BASE_URL과 ENRICH_MODEL 또는 LLM_MODEL)이 설정되어 있지 않아 보강할 수 없습니다.",
    });
  }
  if (input.retryOnly) {
    const failed = [...(await loadChunkStates(corpus.id, input.kind)).values()].filter((s) => s.status === "failed");
    if (failed.length === 0) {
      throw new AppError("bad_request:input", { userMessage: "다시 시도할 실패한 청크가 없습니다." });
    }
  }
  // Record/replay: every call must pass the recording (or replaying) fetch, which batches cannot.
  const mode: EnrichMode = input.mode === "batch" && !chat.config.calls ? "batch" : "live";
  const job = await createJob({ corpusId: corpus.id, kind: "enrich", owner: input.owner });
  const enrichment = await createEnrichmentRow({
    jobId: job.id,
    corpusId: corpus.id,
    kind: input.kind,
    mode,
    promptVersion: PROMPT_VERSIONS[input.kind],
    model: chat.model,
    retryOnly: input.retryOnly ?? false,
  });
  const what = `${ENRICH_KIND_LABEL[input.kind]}${input.retryOnly ? " (실패한 것만 다시)" : ""}${mode === "batch" ? ", 일괄 처리" : ""}`;
  await recordAuditBy(input.by, "enrich.start", corpusTarget(corpus), `${what} (작업 ${job.id})`);
  return { job, enrichment };
}

/** What a process runs an enrichment job with (the job child, the CLI, the bench). */
export function enrichJobContext(kind: EnrichKind, mode: EnrichMode = "live"): Promise<EnrichJobContext> {
  return (async () => {
    const settings = env();
    const chat = enrichChatConfig();
    const gate = new BackOffGate();
    return {
      store: await getStore(),
      side: getSideStore(kind),
      llm: chat && enrichLlm(chat.config, chat.model, { onRateLimited: () => gate.backOff() }),
      embedder: defaultEmbedder(),
      // The decision archive (the context prompt's decision text) is where every instance sees it.
      dataDir: filesDir(settings),
      concurrency: settings.ENRICH_CONCURRENCY,
      maxAttempts: settings.ENRICH_MAX_ATTEMPTS,
      prices: pricesFromEnv(settings),
      docMaxChars: settings.ENRICH_DOC_MAX_CHARS,
      gate,
      batch:
        mode === "batch" && chat
          ? {
              client: openAIClient(chat.config),
              model: chat.model,
              pollMs: settings.ENRICH_BATCH_POLL_SECONDS * 1000,
              maxRequests: settings.ENRICH_BATCH_MAX_REQUESTS,
              dir: join(resolve(filesDir(settings)), "enrich-batches"),
            }
          : undefined,
    };
  })();
}

/**
 * A corpus's contextual-retrieval switches (ablation: contextual BM25 and contextual embeddings
 * each on or off). Switching re-indexes nothing: searches read the contextual side index or the
 * main one per corpus and per side (contextual-store.ts); a corpus without an up-to-date contextual
 * index is searched in the main one whatever its switches say.
 */
export async function setContextSwitches(corpusId: string, switches: { bm25: boolean; dense: boolean }, by?: AuditBy) {
  const corpus = await getCorpus(corpusId);
  if (!corpus) {
    throw new AppError("not_found:resource", { userMessage: "말뭉치를 찾을 수 없습니다." });
  }
  await setCorpusEnrichment(corpusId, { contextBm25: switches.bm25, contextDense: switches.dense });
  const on = (v: boolean) => (v ? "켬" : "끔");
  await recordAuditBy(
    by,
    "enrich.settings",
    corpusTarget(corpus),
    `맥락 키워드 색인 ${on(switches.bm25)}, 맥락 임베딩 색인 ${on(switches.dense)}`,
  );
}
