import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { toAppError } from "../errors";
import { readBoundedJson } from "../util/bounded-body";
import { admitApiCaller, apiErrorResponse, auditRefusal, recordApiCall } from "./guard";
import { buildMcpServer } from "./mcp-server";

/**
 * Largest MCP request read, in bytes whether or not Content-Length is sent (a passage for
 * find_similar is at most 5,000 characters; a draft for check_citations about 80,000).
 */
const MAX_BODY_BYTES = 256 * 1024;

/** What the audit log calls an MCP request: its method, and the tool or resource it names. */
function callName(body: unknown): string {
  const one = (m: unknown): string => {
    if (!m || typeof m !== "object") return "?";
    const { method, params } = m as { method?: unknown; params?: { name?: unknown; uri?: unknown } };
    const name =
      typeof params?.name === "string" ? ` ${params.name}` : typeof params?.uri === "string" ? ` ${params.uri}` : "";
    return `${typeof method === "string" ? method : "?"}${name}`;
  };
  return `MCP ${Array.isArray(body) ? body.map(one).join(", ") : one(body)}`.slice(0, 300);
}

/**
 * The most JSON-RPC messages one request may carry. Each is a unit of work counted against the
 * token's limit, so a batch cannot pass a minute's requests in one; past this it is refused whole.
 */
export const MAX_BATCH_CALLS = 20;

/** A JSON-RPC error answered before the transport sees the request (a batch refused whole). */
function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}

/**
 * `POST /api/mcp`: Streamable HTTP in stateless mode — a server and a transport per request, both
 * bound to the caller's token. The token is checked before a byte of the body is read; the body is
 * then read with a limit (to name the calls in the audit log and count each against the token's
 * rate) and handed to the transport.
 */
export async function handleMcpPost(request: Request): Promise<Response> {
  const context = await admitApiCaller(request, "read", "MCP");
  if (context instanceof Response) return context;
  let body: unknown;
  try {
    body = await readBoundedJson(request, MAX_BODY_BYTES);
  } catch (error) {
    await auditRefusal(context, "MCP (읽을 수 없는 요청)", toAppError(error).userMessage);
    return apiErrorResponse(error);
  }
  const calls = Array.isArray(body) ? body.length : 1;
  if (calls > MAX_BATCH_CALLS) {
    await auditRefusal(context, `MCP 일괄 요청 ${calls}건`, "일괄 요청 한도 초과");
    return jsonRpcError(
      400,
      -32600,
      `한 번에 보낼 수 있는 호출은 ${MAX_BATCH_CALLS}건까지입니다(받은 호출 ${calls}건). 나누어 보내 주세요.`,
    );
  }
  try {
    await recordApiCall(context, callName(body), Math.max(1, calls));
    const controller = new AbortController();
    request.signal.addEventListener("abort", () => controller.abort(), { once: true });
    const server = buildMcpServer(context, controller.signal);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return await transport.handleRequest(request, { parsedBody: body });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
