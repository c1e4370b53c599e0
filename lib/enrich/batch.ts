import { createReadStream, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type OpenAI from "openai";
import { toFile } from "openai";
import type { EnrichDocument } from "../db/corpus-enrichment";
import {
  type BatchRef,
  type CacheEntry,
  type EnrichmentJobRecord,
  getCached,
  updateEnrichmentJob,
} from "../db/enrichment";
import { JobStopped } from "../jobs/runtime";
import type { Prices, TokenUsage } from "./cost";
import { requestBody, usageOf } from "./llm";
import { parseOutput } from "./parse-output";
import { type DocPlan, messagesFor } from "./plan";

/**
 * Batch mode (the cheaper overnight mode of endpoints with an OpenAI-style Batch API: half price,
 * results within 24 h). Every chunk the cache cannot answer becomes one line of a JSONL file
 * (custom_id = its cache key, so a decision met twice is asked once); files of at most
 * `maxRequests` lines are uploaded (POST /files, purpose "batch") and submitted (POST /batches). The
 * submitted batches are recorded on the job at once, so a resumed job polls them rather than paying
 * for the same requests again; results (GET /files/{id}/content) go into the cache as they come.
 * The main pass then writes the side index from the cache, as in live mode, and what the batches
 * left without a result is tried live in the retry pass.
 */
export interface BatchPhase {
  client: OpenAI;
  model: string;
  pollMs: number;
  maxRequests: number;
  /** Where the JSONL files are written before upload (removed once uploaded). */
  dir: string;
}

const FINAL = new Set(["completed", "failed", "expired", "cancelled"]);

interface BatchLine {
  custom_id?: string;
  response?: { status_code?: number; body?: Record<string, unknown> } | null;
  error?: { code?: string; message?: string } | null;
}

export async function runBatchPhase(
  batch: BatchPhase,
  input: {
    row: EnrichmentJobRecord;
    docs: EnrichDocument[];
    plan: (doc: EnrichDocument) => Promise<DocPlan>;
    checkpoint: () => Promise<void>;
    signal: AbortSignal;
    prices: Prices;
    /** A paid answer: its usage, and its output for the cache when usable. */
    record: (usage: TokenUsage, entry?: CacheEntry) => Promise<void>;
    persist: () => Promise<void>;
  },
): Promise<Map<string, string>> {
  const { row } = input;
  const refs: BatchRef[] = [...row.batches];
  const errors = new Map<string, string>();
  const save = async () => {
    await updateEnrichmentJob(row.jobId, { batches: refs });
    await input.persist();
  };
  try {
    if (!refs.some((r) => r.status === "planned-all")) {
      await submitAll(batch, input, refs, save);
    }
    await pollAll(batch, input, refs, errors, save);
    return errors;
  } catch (error) {
    // Cancelled: the endpoint is told too (nothing more to pay for); a stopping process leaves them.
    if (error instanceof JobStopped && error.reason === "cancelled") {
      await Promise.all(
        refs
          .filter((r) => r.id && !FINAL.has(r.status))
          .map((r) => batch.client.batches.cancel(r.id).catch(() => undefined)),
      );
    }
    throw error;
  }
}

async function submitAll(
  batch: BatchPhase,
  input: Parameters<typeof runBatchPhase>[1],
  refs: BatchRef[],
  save: () => Promise<void>,
): Promise<void> {
  // Keys already in a submitted batch (a resumed job): never sent twice.
  const submitted = new Set<string>(refs.flatMap((r) => r.keys ?? []));
  mkdirSync(batch.dir, { recursive: true });
  let lines: string[] = [];
  let keys: string[] = [];
  const flush = async () => {
    if (lines.length === 0) return;
    const path = join(batch.dir, `batch-${refs.length + 1}.jsonl`);
    writeFileSync(path, `${lines.join("\n")}\n`);
    const file = await batch.client.files.create(
      {
        file: await toFile(createReadStream(path), `enrich-${input.row.jobId}-${refs.length + 1}.jsonl`),
        purpose: "batch",
      },
      { signal: input.signal },
    );
    const created = await batch.client.batches.create(
      {
        input_file_id: file.id,
        endpoint: "/v1/chat/completions",
        completion_window: "24h",
        metadata: { job: input.row.jobId, kind: input.row.kind },
      },
      { signal: input.signal },
    );
    refs.push({ id: created.id, inputFileId: file.id, requests: lines.length, status: created.status, keys });
    rmSync(path, { force: true });
    await save();
    lines = [];
    keys = [];
  };
  for (const doc of input.docs) {
    await input.checkpoint();
    const plan = await input.plan(doc);
    if (plan.pending.length === 0) continue;
    const cached = await getCached(plan.pending.map((c) => plan.keys.get(c.id) ?? ""));
    for (const chunk of plan.pending) {
      const key = plan.keys.get(chunk.id) ?? "";
      if (cached.has(key) || submitted.has(key)) continue;
      submitted.add(key);
      const body = requestBody(batch.model, messagesFor(input.row.kind, plan, chunk));
      lines.push(JSON.stringify({ custom_id: key, method: "POST", url: "/v1/chat/completions", body }));
      keys.push(key);
      if (lines.length >= batch.maxRequests) await flush();
    }
  }
  await flush();
  // Everything is submitted: a resumed job only polls.
  refs.push({ id: "", inputFileId: "", requests: 0, status: "planned-all", applied: true });
  await save();
}

async function pollAll(
  batch: BatchPhase,
  input: Parameters<typeof runBatchPhase>[1],
  refs: BatchRef[],
  errors: Map<string, string>,
  save: () => Promise<void>,
): Promise<void> {
  for (;;) {
    const open = refs.filter((r) => r.id && !r.applied);
    if (open.length === 0) return;
    for (const ref of open) {
      await input.checkpoint();
      const current = await batch.client.batches.retrieve(ref.id, { signal: input.signal });
      if (current.status !== ref.status) {
        ref.status = current.status;
        await save();
      }
      if (!FINAL.has(current.status)) continue;
      for (const fileId of [current.output_file_id, current.error_file_id]) {
        if (fileId) await applyFile(batch, input, fileId, errors);
      }
      if (current.status !== "completed") {
        const why = current.errors?.data?.[0]?.message ?? current.status;
        for (const key of ref.keys ?? []) if (!errors.has(key)) errors.set(key, `배치 ${current.status}: ${why}`);
      }
      ref.applied = true;
      await save();
    }
    if (refs.some((r) => r.id && !r.applied)) await sleepChecked(batch.pollMs, input.checkpoint);
  }
}

async function applyFile(
  batch: BatchPhase,
  input: Parameters<typeof runBatchPhase>[1],
  fileId: string,
  errors: Map<string, string>,
): Promise<void> {
  const response = await batch.client.files.content(fileId, { signal: input.signal });
  const text = await response.text();
  for (const raw of text.split("\n")) {
    if (!raw.trim()) continue;
    await input.checkpoint();
    let line: BatchLine;
    try {
      line = JSON.parse(raw) as BatchLine;
    } catch {
      continue;
    }
    const key = line.custom_id;
    if (!key) continue;
    const status = line.response?.status_code ?? 0;
    const body = line.response?.body as
      | { choices?: { message?: { content?: string | null } }[]; usage?: Parameters<typeof usageOf>[0] }
      | undefined;
    if (line.error || status !== 200 || !body) {
      errors.set(key, line.error?.message ?? `HTTP ${status}`);
      continue;
    }
    const reply = body.choices?.[0]?.message?.content ?? "";
    // Usage as reported (a batch line always carries it on OpenAI); estimated from the reply otherwise.
    const { usage } = usageOf(body.usage, { system: "", prefix: "", chunk: "" }, reply);
    const parsed = parseOutput(input.row.kind, reply);
    if (!parsed.ok) {
      errors.set(key, parsed.reason);
      await input.record(usage);
      continue;
    }
    // A resumed job reads a batch's output again only if it stopped while applying it: the
    // cache then already has some lines, which are not paid for twice.
    if ((await getCached([key])).has(key)) continue;
    await input.record(usage, {
      key,
      kind: input.row.kind,
      promptVersion: input.row.promptVersion,
      output: JSON.stringify(parsed.output),
      model: batch.model,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
    });
  }
}

async function sleepChecked(ms: number, checkpoint: () => Promise<void>): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await checkpoint();
    await new Promise((r) => setTimeout(r, Math.min(250, until - Date.now())));
  }
}
