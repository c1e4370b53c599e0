import { logger } from "../util/log";
import { TsWorkerClient } from "../util/ts-worker";
import type { DecisionPage, PageRequest } from "./decision-page";
import type { FindCounts } from "./find-parts";
import type { LegacyCutResult } from "./legacy-cut";
import type { ViewerRequest, ViewerStats } from "./viewer-protocol";

/**
 * The server's side of the viewer's worker (viewer-worker.ts): one worker per process, started on
 * the first decision opened and kept (with its parsed decisions) while the process lives. The main
 * thread only posts a request and receives one bounded part; a crashed or stuck worker fails its
 * requests with precedent:unavailable and the next request starts a fresh one (lib/util/ts-worker.ts).
 */

/** A request still unanswered after this long means a stuck worker (a 60 MB decision takes ~1 s). */
const STUCK_MS = 60_000;

/** `stuckMs` null: a long task (the legacy sweep) that may rightly take minutes. */
const newClient = (stuckMs: number | null = STUCK_MS) =>
  new TsWorkerClient<ViewerRequest>({
    entry: ["lib", "precedent", "viewer-worker.ts"],
    code: "precedent:unavailable",
    ...(stuckMs === null ? {} : { stuckMs }),
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

/**
 * Cuts the large archives imported before parts were kept (legacy-cut.ts) in a worker thread of its
 * own, stopped when done: the viewer's worker stays free for lawyers meanwhile.
 */
export async function cutLegacyArchivesNow(dataDir: string): Promise<LegacyCutResult> {
  const sweeper = newClient(null);
  try {
    return await sweeper.request<LegacyCutResult>({ op: "cutLegacy", dataDir });
  } finally {
    await sweeper.stop({ op: "stats" });
  }
}

/** After the server has started and settled (`delayMs`), the same in the background; logged when it cut any. */
export function cutLegacyArchivesLater(dataDir: string, delayMs = 30_000): void {
  const timer = setTimeout(() => {
    cutLegacyArchivesNow(dataDir).then(
      (done) => {
        if (done.cut > 0 || done.failed > 0) {
          logger("viewer").info(`large decisions cut into parts: ${done.cut}, failed: ${done.failed}`);
        }
      },
      (error: unknown) => logger("viewer").error({ err: error }, "cutting large decisions failed"),
    );
  }, delayMs);
  timer.unref();
}
