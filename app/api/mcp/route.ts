import { handleMcpPost } from "@/lib/api/mcp-handler";
import { observeRoute } from "@/lib/util/observe-route";

export const dynamic = "force-dynamic";

/** The MCP server for the firm's AI assistants (docs/api.md); bearer = a personal API token. */
export const POST = observeRoute("/api/mcp", async (request: Request) => {
  return handleMcpPost(request);
});

/** Stateless server: no stream to resume and no session to end. */
function notAllowed() {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message: "이 MCP 서버는 POST 요청만 받습니다." }, id: null },
    { status: 405, headers: { allow: "POST" } },
  );
}
export const GET = observeRoute("/api/mcp", notAllowed);
export const DELETE = observeRoute("/api/mcp", notAllowed);
