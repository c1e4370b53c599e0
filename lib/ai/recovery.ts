import { logError } from "../errors";
import { generateChat } from "./chat";
import { type AiConfig, aiConfig } from "./config";
import { embedTexts } from "./embed";
import { type FaultyComponent, faultyComponents, onFault, recordSuccess } from "./faults";
import { PROBE_TIMEOUT_MS, probeRerank } from "./status-probes";

/**
 * Recovery of a component that failed a lawyer's question (issue 24). Without it, a model that came
 * back was still skipped for the whole cooldown (FAULT_COOLDOWN_SECONDS) and the status panel kept
 * saying "최근 오류" for minutes. Now each fault starts a background re-probe with back-off; the first
 * probe that succeeds clears the fault at once, so the next question uses the component again. The
 * "다시 확인" button and "다시 시도" of an answer probe at once (recheckFaults).
 *
 * A probe is a real, tiny call of the kind that failed (a one-line chat reply, one embedding, a
 * one-document rerank), not the panel's GET /models: a server whose API process lists its models
 * while its model worker hangs must stay skipped. A model that fails a later question is faulted
 * again, and the back-off starts over.
 */

/** Delays between background probes: quick at first, then no more than once a minute. */
export const RECOVERY_BACKOFF_MS = [5_000, 10_000, 20_000, 40_000, 60_000];

type Probe = (component: FaultyComponent) => Promise<void>;

const NO_RETRY = { maxRetries: 0, initialDelayMs: 0, maxDelayMs: 0 };

/** One tiny real call of a component, under the current settings, within `timeoutMs`. */
export function probeComponent(config: AiConfig = aiConfig(), timeoutMs = PROBE_TIMEOUT_MS): Probe {
  return async (component) => {
    const { chat, embeddings, rerank } = config;
    const target = component === "llm" ? chat : component === "embeddings" ? embeddings : rerank;
    // Replayed calls have no server; nothing configured: nothing to wait for.
    if (!target || target.calls?.mode === "replay") return;
    if (component === "llm" && chat) {
      await generateChat({
        role: "answer",
        prompt: "연결 확인입니다. '네'라고만 답하세요.",
        config: { ...chat, timeoutMs, retry: NO_RETRY },
      });
    } else if (component === "embeddings" && embeddings) {
      await embedTexts(["연결 확인"], { config: { ...embeddings, timeoutMs, retry: NO_RETRY } });
    } else if (rerank) await probeRerank(rerank, timeoutMs);
  };
}

interface RecoveryState {
  timers: Map<FaultyComponent, ReturnType<typeof setTimeout>>;
  attempts: Map<FaultyComponent, number>;
  installed: boolean;
  backoffMs: number[];
  probe?: Probe;
}

// On globalThis: Next.js may load this module in more than one bundle of the same process.
const holder = globalThis as unknown as { __recovery?: RecoveryState };
holder.__recovery ??= { timers: new Map(), attempts: new Map(), installed: false, backoffMs: RECOVERY_BACKOFF_MS };
const state: RecoveryState = holder.__recovery;

/** Probes one component now: on success its fault is gone (true). */
async function tryOnce(component: FaultyComponent): Promise<boolean> {
  try {
    await (state.probe ?? probeComponent())(component);
  } catch {
    return false;
  }
  recordSuccess(component);
  stop(component);
  return true;
}

function stop(component: FaultyComponent): void {
  clearTimeout(state.timers.get(component));
  state.timers.delete(component);
  state.attempts.delete(component);
}

function schedule(component: FaultyComponent): void {
  if (state.timers.has(component)) return;
  const attempt = state.attempts.get(component) ?? 0;
  const delay = state.backoffMs[Math.min(attempt, state.backoffMs.length - 1)] ?? 60_000;
  const timer = setTimeout(() => {
    state.timers.delete(component);
    // Cleared meanwhile (a real call succeeded): nothing to recover.
    if (!faultyComponents().includes(component)) return stop(component);
    state.attempts.set(component, attempt + 1);
    void tryOnce(component).then((ok) => {
      if (!ok) schedule(component);
    }, logError);
  }, delay);
  // A background check must never keep a script or a test process alive.
  timer.unref?.();
  state.timers.set(component, timer);
}

/**
 * Starts listening for faults (once per process). Options are for tests: a shorter back-off, or a
 * probe of their own.
 */
export function installRecovery(options: { backoffMs?: number[]; probe?: Probe } = {}): void {
  if (options.backoffMs) state.backoffMs = options.backoffMs;
  if (options.probe) state.probe = options.probe;
  if (state.installed) return;
  state.installed = true;
  onFault((component) => {
    // A new fault restarts the back-off from its first, short delay.
    stop(component);
    schedule(component);
  });
}

/** Probes every faulted component at once (the "다시 확인" button, an answer's "다시 시도"). */
export async function recheckFaults(): Promise<FaultyComponent[]> {
  const faulted = faultyComponents();
  const results = await Promise.all(faulted.map(async (c) => ((await tryOnce(c)) ? c : undefined)));
  return results.filter((c): c is FaultyComponent => c !== undefined);
}

/** Tests only: forget timers and options. */
export function resetRecovery(): void {
  for (const component of [...state.timers.keys()]) stop(component);
  state.backoffMs = RECOVERY_BACKOFF_MS;
  state.probe = undefined;
}
