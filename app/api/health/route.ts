import { getComponentStatuses } from "@/lib/ai/status";
import { observeRoute } from "@/lib/util/observe-route";

export const dynamic = "force-dynamic";

/** Liveness + component states for monitoring; no URLs or keys, only states. */
export const GET = observeRoute("/api/health", async () => {
  const statuses = await getComponentStatuses();
  return Response.json({
    ok: true,
    components: Object.fromEntries(statuses.map((s) => [s.id, s.state])),
  });
});
