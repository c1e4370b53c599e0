import { TsWorkerClient } from "../util/ts-worker";
import type { DecisionPage, PageRequest } from "./decision-page";
import type { FindCounts } from "./find-parts";
import type { ViewerRequest, ViewerStats } from "./viewer-protocol";

/**
 * The server's side of the viewer's worker (viewer-worker.ts): one worker per process, started on
 * the first decision opened and kept (with its parsed decisions) while the process lives. The main
 * thread only posts a request and receives one bounded part; a crashed or stuck worker fails its
 * requests with precedent:unavailable and the next request starts a fresh one (lib/util/ts-worker.ts).
 */

/** A request still unanswered after this long means a stuck worker (a 60 MB decision takes ~1 s). */
const STUCK_MS = 60_000;

const newClient = () =>
  new TsWorkerClient<ViewerRequest>({
    entry: ["lib", "precedent", "viewer-worker.ts"],
    code: "precedent:unavailable",
    stuckMs: STUCK_MS,
  });

// One per process, kept on globalThis so that a dev server's reloads do not start another.
const holder = globalThis as unknown as { __viewerClient?: TsWorkerClient<ViewerRequest> };
const client = () => (holder.__viewerClient ??= newClient());

/** One part of the archived decision at `file`; null when there is none. */
export function viewerPage(file: string, request: Omit<PageRequest, "pageChars">): Promise<DecisionPage | null> {
  return client().request({ op: "page", file, ...request });
}

/** Matches of `query` in each part (whitespace ignored); null when there is no archived decision. */
export function viewerFind(file: string, query: string): Promise<FindCounts | null> {
  return client().request({ op: "find", file, query });
}

/** The whole decision as UTF-8 plain text; null when there is no archived decision. */
export function viewerText(file: string): Promise<Uint8Array<ArrayBuffer> | null> {
  return client().request({ op: "text", file });
}

/** What this process's viewer worker has done (tests, benchmarks). */
export function viewerStats(): Promise<ViewerStats> {
  return client().request({ op: "stats" });
}
