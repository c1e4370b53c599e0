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
 * A tool's failure as the assistant should read it: the plain Korean message, never a code or a
 * stack; a refused scope or rate is audited like the REST API's refusals.
 */
export function safe<A>(context: ApiContext, tool: string, run: (args: A) => Promise<ToolResult>) {
  return async (args: A): Promise<ToolResult> => {
    try {
      return await run(args);
    } catch (error) {
      if (error instanceof TokenRefused || error instanceof RateLimited) {
        await auditRefusal(context, `MCP ${tool}`, error instanceof TokenRefused ? error.why : "요청 한도 초과");
      } else if (toAppError(error).status >= 500) logError(error);
      return { ...text(toAppError(error).userMessage), isError: true };
    }
  };
}
