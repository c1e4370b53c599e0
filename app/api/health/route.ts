import { getComponentStatuses } from "@/lib/ai/status";

export const dynamic = "force-dynamic";

/** Liveness + component states for monitoring; no URLs or keys, only states. */
export async function GET() {
  const statuses = await getComponentStatuses();
  return Response.json({
    ok: true,
    components: Object.fromEntries(statuses.map((s) => [s.id, s.state])),
  });
}
