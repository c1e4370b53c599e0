import { apiAskSchema, startApiAsk } from "@/lib/api/ask";
import { withApiCaller } from "@/lib/api/guard";
import { sseChannel } from "@/lib/api/sse";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

/**
 * Asks a question with a token of scope "ask". `Accept: text/event-stream` streams the chat's
 * events and ends with the answer; otherwise the finished answer comes back as JSON. A client that
 * disconnects stops its answer, as the Stop button does.
 */
export async function POST(request: Request) {
  return withApiCaller(request, "ask", "POST /api/v1/ask", async (context) => {
    const body = await request.json().catch(() => {
      throw new AppError("bad_request:input", { userMessage: "요청 본문은 JSON이어야 합니다." });
    });
    const parsed = apiAskSchema.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request:input", { userMessage: parsed.error.issues[0]?.message });
    const controller = new AbortController();
    request.signal.addEventListener("abort", () => controller.abort(), { once: true });
    if (!request.headers.get("accept")?.includes("text/event-stream")) {
      const run = await startApiAsk(context, parsed.data, controller.signal);
      return Response.json(await run.finished);
    }
    const channel = sseChannel(() => controller.abort());
    const run = await startApiAsk(context, parsed.data, controller.signal, (event) => channel.send(event));
    channel.finish(run);
    return new Response(channel.stream, {
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform" },
    });
  });
}
