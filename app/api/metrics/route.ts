import { authorizeMetrics, metricsErrorResponse, renderMetrics } from "@/lib/api/metrics";
import { observeRoute } from "@/lib/util/observe-route";

export const dynamic = "force-dynamic";

/** Prometheus metrics for the firm's monitoring (docs/admin-guide.md); bearer = METRICS_TOKEN. */
export const GET = observeRoute("/api/metrics", async (request: Request) => {
  try {
    authorizeMetrics(request.headers);
    const { body, contentType } = await renderMetrics();
    return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  } catch (error) {
    return metricsErrorResponse(error);
  }
});
