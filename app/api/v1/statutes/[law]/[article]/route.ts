import { z } from "zod";
import { withApiCaller } from "@/lib/api/guard";
import { apiStatute } from "@/lib/api/statute";
import { AppError } from "@/lib/errors";
import { observeRoute } from "@/lib/util/observe-route";
import { decodePathSegmentStrict } from "@/lib/util/path-segment";

export const dynamic = "force-dynamic";

const Params = z.object({ law: z.string().min(1).max(100), article: z.string().min(1).max(40) });
const Page = z.coerce.number().int().min(1).max(100_000).catch(1);

/** One article of an imported statute, with the decisions citing it (`?page=`, 20 a page). */
export const GET = observeRoute(
  "/api/v1/statutes/[law]/[article]",
  async (request: Request, { params }: { params: Promise<{ law: string; article: string }> }) => {
    return withApiCaller(request, "read", "GET /api/v1/statutes", async ({ baseUrl }) => {
      const raw = await params;
      // Malformed percent-encoding is no article: 404, like an unknown one.
      const parsed = Params.safeParse({
        law: decodePathSegmentStrict(raw.law),
        article: decodePathSegmentStrict(raw.article),
      });
      if (!parsed.success) throw new AppError("not_found:resource", { userMessage: "가져온 법령에 없는 조문입니다." });
      const page = Page.parse(new URL(request.url).searchParams.get("page") ?? undefined);
      return Response.json(await apiStatute(parsed.data.law, parsed.data.article, { baseUrl, page }));
    });
  },
);
