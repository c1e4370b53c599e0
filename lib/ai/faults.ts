import { AppError, type ErrorCode } from "../errors";
import { metrics } from "../util/metrics";

/**
 * Recent failures of model components met by real chat calls (not probes). A component that just
 * failed is skipped by later questions for FAULT_COOLDOWN_SECONDS — a dead embeddings server then
 * costs one question one short timeout instead of every question — and the status panel shows it
 * amber until it works again. Per server process, like the calls themselves.
 */

export type FaultyComponent = "llm" | "embeddings" | "reranker";

export interface Fault {
  at: number;
  code: ErrorCode;
  /** Korean, safe to show. */
  message: string;
}

/** Failures that say the component itself is unwell (an abort or a missing setting does not). */
const FAULT_CODES = new Set<ErrorCode>([
  "ai:timeout",
  "ai:unreachable",
  "ai:upstream_error",
  "ai:rate_limited",
  "ai:unauthorized",
  "ai:bad_response",
]);

/** The role label of panrye_model_errors_total. */
const METRIC_ROLE: Record<FaultyComponent, string> = { llm: "chat", embeddings: "embeddings", reranker: "rerank" };

/** How long a fault stays on the status panel after its cooldown (it is news until then). */
const SHOWN_FOR_MS = 5 * 60_000;

// On globalThis: Next.js may load this module in more than one bundle of the same process.
const holder = globalThis as unknown as { __faults?: Map<FaultyComponent, Fault> };
holder.__faults ??= new Map();
const faults: Map<FaultyComponent, Fault> = holder.__faults;

type FaultListener = (component: FaultyComponent) => void;
const listenerHolder = globalThis as unknown as { __faultListeners?: Set<FaultListener> };
listenerHolder.__faultListeners ??= new Set();
const listeners: Set<FaultListener> = listenerHolder.__faultListeners;

/**
 * Called after each recorded fault (lib/ai/recovery.ts re-probes the component in the background).
 * A hook rather than an import: recovery needs the probes, which need this module.
 */
export function onFault(listener: FaultListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function recordFault(component: FaultyComponent, error: unknown, now = Date.now()): void {
  if (!(error instanceof AppError) || !FAULT_CODES.has(error.code)) return;
  metrics().modelErrors.inc({ role: METRIC_ROLE[component], code: error.code });
  faults.set(component, { at: now, code: error.code, message: error.userMessage });
  for (const listener of listeners) listener(component);
}

/** Components with a fault on record (the recovery loop and the "다시 확인" button probe these). */
export function faultyComponents(): FaultyComponent[] {
  return [...faults.keys()];
}

export function recordSuccess(component: FaultyComponent): void {
  faults.delete(component);
}

/** The fault that makes chat skip the component right now, if any. */
export function coolingDown(component: FaultyComponent, cooldownMs: number, now = Date.now()): Fault | undefined {
  const fault = faults.get(component);
  return fault && now - fault.at < cooldownMs ? fault : undefined;
}

/** A fault recent enough to show on the status panel. */
export function recentFault(component: FaultyComponent, cooldownMs: number, now = Date.now()): Fault | undefined {
  const fault = faults.get(component);
  return fault && now - fault.at < Math.max(cooldownMs, SHOWN_FOR_MS) ? fault : undefined;
}

/** Tests only (the outcomes of real calls too). */
export function clearFaults(): void {
  faults.clear();
  outcomeHolder.__callOutcomes?.clear();
}

/**
 * The last real call of each component, per server (base URL), success or failure — from every
 * call in lib/ai (chat, streamed chat, embeddings, rerank: a lawyer's answer, an import, an
 * evaluation, the recovery probe), not only the chat's. The status panel reads it before its cached
 * reachability probe: a call that worked after the probe outranks a probe that failed, so the panel
 * never says "연결 불가" while answers come back (issue: status that tells the truth).
 */
export interface CallOutcome {
  at: number;
  ok: boolean;
  /** Korean, safe to show (failures only). */
  message?: string;
}

const outcomeHolder = globalThis as unknown as { __callOutcomes?: Map<string, CallOutcome> };
outcomeHolder.__callOutcomes ??= new Map();
const outcomes: Map<string, CallOutcome> = outcomeHolder.__callOutcomes;
const outcomeKey = (component: FaultyComponent, baseURL: string) => `${component} ${baseURL}`;

/** A failure that says the component itself is unwell (not an abort, not a missing setting). */
export function isComponentFault(error: unknown): error is AppError {
  return error instanceof AppError && FAULT_CODES.has(error.code);
}

/**
 * Records how a real call of `component` at `baseURL` ended: `error` undefined for a success (or
 * for a sign of life, such as a streamed chunk); an error that is no fault of the server is ignored.
 */
export function recordCallOutcome(
  component: FaultyComponent,
  baseURL: string,
  error?: unknown,
  now = Date.now(),
): void {
  if (error === undefined) outcomes.set(outcomeKey(component, baseURL), { at: now, ok: true });
  else if (isComponentFault(error))
    outcomes.set(outcomeKey(component, baseURL), { at: now, ok: false, message: error.userMessage });
}

/** Records the outcome of `call` (a no-op for replayed calls: no server was asked). */
export async function observeCall<T>(
  component: FaultyComponent,
  target: { baseURL: string; calls?: { mode: string } },
  call: () => Promise<T>,
): Promise<T> {
  if (target.calls?.mode === "replay") return call();
  try {
    const result = await call();
    recordCallOutcome(component, target.baseURL);
    return result;
  } catch (error) {
    recordCallOutcome(component, target.baseURL, error);
    throw error;
  }
}

export function lastCallOutcome(component: FaultyComponent, baseURL: string): CallOutcome | undefined {
  return outcomes.get(outcomeKey(component, baseURL));
}

/** Tests only. */
export function clearCallOutcomes(): void {
  outcomes.clear();
}
