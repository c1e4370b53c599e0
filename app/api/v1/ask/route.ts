import { readApiAskInput, startApiAsk } from "@/lib/api/ask";
import { withApiCaller } from "@/lib/api/guard";
import { askAsSse } from "@/lib/api/sse";
import { observeRoute } from "@/lib/util/observe-route";

export const dynamic = "force-dynamic";

/**
 * Asks a question with a token of scope "ask". `Accept: text/event-stream` streams the chat's
 * events and ends with the answer; otherwise the finished answer comes back as JSON. A client that
 * disconnects stops its answer, as the Stop button does. The token is checked before the body is
 * read, and the body is read with a byte limit.
 */
export const POST = observeRoute("/api/v1/ask", async (request: Request) => {
  return withApiCaller(request, "ask", "POST /api/v1/ask", async (context) => {
    const input = await readApiAskInput(request);
    const controller = new AbortController();
    request.signal.addEventListener("abort", () => controller.abort(), { once: true });
    if (!request.headers.get("accept")?.includes("text/event-stream")) {
      const run = await startApiAsk(context, input, controller.signal);
      return Response.json(await run.finished);
    }
    // Headers and keep-alive comments go out while the question still waits (a busy database).
    return askAsSse(
      (send) => startApiAsk(context, input, controller.signal, send),
      () => controller.abort(),
    );
  });
});
