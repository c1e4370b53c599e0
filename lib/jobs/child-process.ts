import { type ChildProcess, spawn } from "node:child_process";
import { setPriority } from "node:os";
import { join } from "node:path";
import { logger } from "../util/log";
import { processOwner } from "./owner";

/**
 * Background jobs started by the server (ingestion, re-index, evaluation) run in a child process
 * (scripts/job-runner.ts), never in the server's own event loop: on two cores a job's synchronous
 * stretches (SQLite, the embedding cache, chunking) would otherwise hold every lawyer's request.
 * The child runs at a lower CPU priority, beats on the job row in the server's name, and stops when
 * the IPC channel closes (the server died). The server watches it: it kills a child whose job was
 * cancelled or taken away and that does not stop by itself, and reports how the child ended.
 */

/** A job kind's name (lib/jobs/registry.ts): "ingest", "eval", "enrich", … */
export type JobProcessKind = string;

/** The runner's exit code when it stopped with its process and left the job for the next server. */
export const LEFT_FOR_NEXT_SERVER = 4;

/** What the server sees of a job while its child runs (read from the database every second). */
export type JobWatch = "running" | "cancel" | "gone";

export interface JobProcessOptions {
  /** Polled every second while the child lives: "cancel" or "gone" starts the kill timer. */
  watch: () => Promise<JobWatch>;
  /** After "cancel"/"gone", how long the child gets to stop by itself before SIGKILL. */
  graceMs?: number;
  /** Another program instead of scripts/job-runner.ts (tests of the supervision itself). */
  command?: { command: string; args: string[] };
}

export interface JobProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the child could not be started at all. */
  error?: Error;
  killed: boolean;
}

const WATCH_MS = 1000;
const DEFAULT_GRACE_MS = 5000;
const children = new Map<string, ChildProcess>();

/** The owner string jobs started by this server carry (their children write it, not their own pid). */
export function serverOwner(): string {
  return processOwner("server");
}

export function runnerCommand(kind: JobProcessKind, id: string): { command: string; args: string[] } {
  // `next start` runs in the repository root: the runner script and tsx are found from there.
  const script = join(/*turbopackIgnore: true*/ process.cwd(), "scripts", "job-runner.ts");
  return { command: process.execPath, args: ["--import", "tsx", script, kind, id, "--owner", serverOwner()] };
}

/** Runs one job in a child process and resolves when the child has exited. */
export function runJobProcess(kind: JobProcessKind, id: string, options: JobProcessOptions): Promise<JobProcessResult> {
  const { command, args } = options.command ?? runnerCommand(kind, id);
  return new Promise((resolve) => {
    let killed = false;
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const child = spawn(command, args, {
      cwd: process.cwd(),
      env: process.env,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    children.set(`${kind}:${id}`, child);
    try {
      // Lawyers' requests first: the job gets the CPU the server does not use.
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // Not permitted on this system: the job runs at normal priority.
    }
    const watcher = setInterval(async () => {
      if (killTimer || settled) return;
      try {
        const state = await options.watch();
        if (state === "running") return;
        killTimer = setTimeout(() => {
          if (child.exitCode === null && child.signalCode === null) {
            killed = true;
            logger("jobs").warn(`${kind} ${id}: the job process did not stop, killing it`);
            child.kill("SIGKILL");
          }
        }, options.graceMs ?? DEFAULT_GRACE_MS);
        killTimer.unref();
      } catch {
        // The database was busy: look again next second.
      }
    }, WATCH_MS);
    watcher.unref();
    const done = (result: Omit<JobProcessResult, "killed">) => {
      if (settled) return;
      settled = true;
      clearInterval(watcher);
      clearTimeout(killTimer);
      children.delete(`${kind}:${id}`);
      resolve({ ...result, killed });
    };
    child.once("error", (error) => done({ code: null, signal: null, error }));
    child.once("exit", (code, signal) => done({ code, signal }));
  });
}

/** The pid of this server's live child for the job, if any. */
export function jobProcessPid(kind: JobProcessKind, id: string): number | undefined {
  return children.get(`${kind}:${id}`)?.pid;
}
