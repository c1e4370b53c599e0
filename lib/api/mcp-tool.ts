import { RateLimited } from "../auth/api-rate";
import { TokenRefused } from "../auth/api-tokens";
import { logError, toAppError } from "../errors";
import { type ApiContext, auditRefusal } from "./guard";

/** What every MCP tool answers, and how its failure reads (lib/api/mcp-server.ts). */

export const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });

export type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/**
 * The calls of one request run one after another. The SDK starts every call of a batch at once: a
 * batch of 20 searches took the server's main thread for ~430 ms in one piece, and a health check
 * waited ~330 ms behind it (bench:load). In one lane a batch is 20 turns, each followed by a turn of
 * the event loop, so the lawyers' requests and the other callers' run between them: the work one
 * request can hold at a time is one call. Keyed by the request's context (one per request).
 */
const lanes = new WeakMap<ApiContext, Promise<unknown>>();

function inLane<T>(context: ApiContext, run: () => Promise<T>): Promise<T> {
  const before = lanes.get(context) ?? Promise.resolve();
  const turn = before.then(
    () => new Promise<void>((resolve) => setImmediate(resolve)),
    () => undefined,
  );
  const result = turn.then(run);
  lanes.set(
    context,
    result.catch(() => undefined),
  );
  return result;
}

/**
 * A tool's failure as the assistant should read it: the plain Korean message, never a code or a
 * stack; a refused scope or rate is audited like the REST API's refusals. Calls of one request run
 * in its lane (inLane).
 */
export function safe<A>(context: ApiContext, tool: string, run: (args: A) => Promise<ToolResult>) {
  return async (args: A): Promise<ToolResult> => {
    try {
      return await inLane(context, () => run(args));
    } catch (error) {
      if (error instanceof TokenRefused || error instanceof RateLimited) {
        await auditRefusal(context, `MCP ${tool}`, error instanceof TokenRefused ? error.why : "요청 한도 초과");
      } else if (toAppError(error).status >= 500) logError(error);
      return { ...text(toAppError(error).userMessage), isError: true };
    }
  };
}
