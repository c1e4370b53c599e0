import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino, { type Logger } from "pino";
import { type Env, env } from "../env";

/**
 * The one logger of the app (pino). The server writes one JSON object a line — `level`, `time`,
 * `pid`, `hostname`, `area` (ingest, jobs, store…), `msg`, and `reqId` for anything logged while a
 * request is handled (withRequestContext) — to stdout, warnings and errors to stderr. The
 * command-line scripts write the same lines as text, `[area] message`, as they always did
 * (LOG_FORMAT: `auto` picks JSON for the server and text for scripts/cli.ts).
 *
 * Never logged: keys that hold secrets (authorization, cookie, password, token, apiKey, secret)
 * are removed from every line, and so is `question` unless LOG_QUESTIONS=1.
 */

/** Keys removed from every line, at the top level and one level down (`{ headers: { cookie } }`). */
const SECRET_KEYS = ["authorization", "cookie", "password", "token", "apiKey", "secret"];
const QUESTION_KEYS = ["question"];

export interface RequestContext {
  requestId: string;
}

// On globalThis: Next.js may load this module in more than one bundle of the same process, and a
// request's context must be seen by every copy.
const holder = globalThis as unknown as {
  __logContext?: AsyncLocalStorage<RequestContext>;
  __logger?: Logger;
  __logSink?: LogSink;
};
holder.__logContext ??= new AsyncLocalStorage<RequestContext>();
const context: AsyncLocalStorage<RequestContext> = holder.__logContext;

/** Where finished lines go: one line (ending in "\n") and whether it is a warning or worse. */
export type LogSink = (line: string, severe: boolean) => void;

const standardSink: LogSink = (line, severe) => {
  (severe ? process.stderr : process.stdout).write(line);
};

/**
 * Runs `run` with a request's id: every line logged inside it (also in what it awaits) carries `reqId`.
 */
export function withRequestContext<T>(requestContext: RequestContext, run: () => T): T {
  return context.run(requestContext, run);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The caller's `x-request-id` when it is sane (letters, digits, `_.:-`, at most 128), else a new one. */
export function requestIdOf(headers: Headers): string {
  const sent = headers.get("x-request-id")?.trim();
  return sent && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

function settings(): Pick<Env, "LOG_FORMAT" | "LOG_LEVEL" | "LOG_QUESTIONS"> {
  try {
    return env();
  } catch {
    // Broken settings are reported by whoever reads them; the logger must still log that.
    return { LOG_FORMAT: "auto", LOG_LEVEL: "info", LOG_QUESTIONS: false };
  }
}

const SEVERE = /^\{"level":"(warn|error|fatal)"/;

/** A JSON line as the scripts always printed theirs: `[area] message` (and the error's message). */
export function textLine(json: string): string {
  try {
    const entry = JSON.parse(json) as { area?: string; msg?: string; err?: { message?: string } };
    const head = entry.area ? `[${entry.area}] ` : "";
    const error = entry.err?.message ? ` ${entry.err.message}` : "";
    return `${head}${entry.msg ?? ""}${error}\n`;
  } catch {
    return json;
  }
}

function build(): Logger {
  const { LOG_FORMAT, LOG_LEVEL, LOG_QUESTIONS } = settings();
  const text = LOG_FORMAT === "text";
  const keys = LOG_QUESTIONS ? SECRET_KEYS : [...SECRET_KEYS, ...QUESTION_KEYS];
  const paths = keys.flatMap((key) => [key, `*.${key}`]);
  return pino(
    {
      level: LOG_LEVEL,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label: string) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { reqId: requestId } : {};
      },
      redact: { paths, remove: true },
    },
    {
      write(line: string) {
        const sink = holder.__logSink ?? standardSink;
        sink(text ? textLine(line) : line, SEVERE.test(line));
      },
    },
  );
}

/** The logger, or a child that marks its lines with `area` (`[area]` in text). */
export function logger(area?: string): Logger {
  holder.__logger ??= build();
  return area ? holder.__logger.child({ area }) : holder.__logger;
}

/**
 * Tests: sends the lines to `sink` (undefined: stdout/stderr again) and rebuilds the logger from the
 * settings of now (after resetEnvCache).
 */
export function setLogSink(sink: LogSink | undefined): void {
  holder.__logSink = sink;
  holder.__logger = undefined;
}
