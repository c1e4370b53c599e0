import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toAppError } from "../errors";
import { type PipelineDeps, runPipeline } from "../rag/pipeline";
import { yieldIfBusy } from "../time-slice";
import type { BenchmarkItem } from "./benchmark";
import { type Component, depsFor, type SystemSpec, skipReason } from "./systems";
import { extractYesNo } from "./yes-no";

export interface ItemResult {
  system: string;
  itemId: string;
  /** The final top-k chunks' case numbers, best first (empty for LLM only). */
  ranked: { caseNo: string; chunkId: string; score: number }[];
  answer?: string;
  predicted?: "yes" | "no" | null;
  ms: number;
  tokens: number;
  error?: string;
}

export interface EvalRun {
  results: ItemResult[];
  skipped: { system: string; reason: string }[];
}

const YES_NO_NOTE = "(먼저 '예' 또는 '아니요'로 답한 뒤 이유를 설명하십시오.)";

function cachePath(dir: string, system: string, item: BenchmarkItem): string {
  const key = createHash("sha256").update(`${item.id}\u0000${item.question}`).digest("hex").slice(0, 20);
  return join(dir, system, `${key}.json`);
}

async function runItem(system: SystemSpec, item: BenchmarkItem, deps: PipelineDeps): Promise<ItemResult> {
  const started = performance.now();
  const wantsAnswer = item.kind === "yesno";
  if (system.kind === "llm-only") {
    if (!wantsAnswer) return { system: system.id, itemId: item.id, ranked: [], ms: 0, tokens: 0 };
    const call = deps.stream?.({
      role: "answer",
      system: "당신은 한국 법률 전문가입니다. 질문에 답하십시오.",
      prompt: `${item.question}\n${YES_NO_NOTE}`,
      temperature: 0,
    });
    let answer = "";
    for await (const delta of call?.deltas ?? []) answer += delta;
    const usage = await call?.usage;
    return {
      system: system.id,
      itemId: item.id,
      ranked: [],
      answer,
      predicted: extractYesNo(answer),
      ms: performance.now() - started,
      tokens: (usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0),
    };
  }
  const result = await runPipeline(item.question, depsFor(system, deps), {
    mode: "hybrid",
    ...system.options,
    answer: wantsAnswer,
    answerNote: wantsAnswer ? YES_NO_NOTE : undefined,
  });
  return {
    system: system.id,
    itemId: item.id,
    ranked: result.context.map(({ chunk, score }) => ({ caseNo: chunk.caseNo, chunkId: chunk.id, score })),
    answer: wantsAnswer ? result.answer : undefined,
    predicted: wantsAnswer ? extractYesNo(result.answer) : undefined,
    ms: performance.now() - started,
    tokens: result.trace.tokens ?? 0,
  };
}

/**
 * Runs every (system, item) pair with bounded concurrency. Results are cached per pair on disk, so
 * an interrupted run resumes where it stopped; a pair that fails twice is recorded with its error.
 */
export async function runEvaluation(input: {
  items: BenchmarkItem[];
  systems: SystemSpec[];
  deps: PipelineDeps;
  available: Record<Component, boolean>;
  cacheDir?: string;
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  /** Called before each pair: gives the event loop its turn; throws to stop the run (cancel). */
  checkpoint?: () => Promise<void>;
}): Promise<EvalRun> {
  const skipped: EvalRun["skipped"] = [];
  const runnable = input.systems.filter((s) => {
    const reason = skipReason(s, input.available);
    if (reason) skipped.push({ system: s.id, reason });
    return !reason;
  });
  const tasks = runnable.flatMap((system) => input.items.map((item) => ({ system, item })));
  const results: ItemResult[] = new Array(tasks.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let i = next++; i < tasks.length; i = next++) {
      await (input.checkpoint ?? yieldIfBusy)();
      const { system, item } = tasks[i] as (typeof tasks)[number];
      const path = input.cacheDir ? cachePath(input.cacheDir, system.id, item) : undefined;
      if (path && existsSync(path)) {
        results[i] = JSON.parse(readFileSync(path, "utf8")) as ItemResult;
      } else {
        let result: ItemResult | undefined;
        for (let attempt = 0; attempt < 2 && !result; attempt++) {
          try {
            result = await runItem(system, item, input.deps);
          } catch (error) {
            if (attempt === 1) {
              result = {
                system: system.id,
                itemId: item.id,
                ranked: [],
                ms: 0,
                tokens: 0,
                error: toAppError(error).userMessage,
              };
            }
          }
        }
        results[i] = result as ItemResult;
        // Failed pairs are not cached: the next run tries them again.
        if (path && !result?.error) {
          mkdirSync(join(input.cacheDir as string, system.id), { recursive: true });
          writeFileSync(path, JSON.stringify(result));
        }
      }
      done += 1;
      input.onProgress?.(done, tasks.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, input.concurrency ?? 2) }, worker));
  return { results, skipped };
}
