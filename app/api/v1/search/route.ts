import { withApiCaller } from "@/lib/api/guard";
import { apiSearch } from "@/lib/api/search";
import { parseSearchParams } from "@/lib/api/search-params";
import { observeRoute } from "@/lib/util/observe-route";

export const dynamic = "force-dynamic";

/** Searches the corpus with a personal API token (docs/api.md). */
export const GET = observeRoute("/api/v1/search", async (request: Request) => {
  return withApiCaller(request, "read", "GET /api/v1/search", async ({ baseUrl }) => {
    const params = parseSearchParams(new URL(request.url).searchParams);
    return Response.json(await apiSearch(params, baseUrl));
  });
});
