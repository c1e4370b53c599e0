import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AppError } from "../errors";
import { withApiCaller } from "./guard";
import { buildMcpServer } from "./mcp-server";

/** Largest MCP request read (a passage for find_similar is at most 5,000 characters). */
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

async function readBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new AppError("bad_request:input", { userMessage: "요청이 너무 큽니다." });
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) throw new AppError("bad_request:input", { userMessage: "요청이 너무 큽니다." });
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError("bad_request:input", { userMessage: "요청 본문은 JSON이어야 합니다." });
  }
}

/**
 * `POST /api/mcp`: Streamable HTTP in stateless mode — a server and a transport per request, both
 * bound to the caller's token. The body is read once here (to name the call in the audit log) and
 * handed to the transport.
 */
export async function handleMcpPost(request: Request): Promise<Response> {
  let body: unknown;
  try {
    body = await readBody(request);
  } catch (error) {
    body = undefined;
    return withApiCaller(request, "read", "MCP (읽을 수 없는 요청)", async () => {
      throw error;
    });
  }
  return withApiCaller(request, "read", callName(body), async (context) => {
    const controller = new AbortController();
    request.signal.addEventListener("abort", () => controller.abort(), { once: true });
    const server = buildMcpServer(context, controller.signal);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    return response;
  });
}
