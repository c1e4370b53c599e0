import { z } from "zod";
import { apiDecision } from "@/lib/api/decision";
import { withApiCaller } from "@/lib/api/guard";
import { AppError } from "@/lib/errors";
import { observeRoute } from "@/lib/util/observe-route";
import { decodePathSegment } from "@/lib/util/path-segment";

export const dynamic = "force-dynamic";

const Params = z.object({ caseNo: z.string().min(1).max(200) });

/** One decision by 사건번호 (`?corpus=` picks the corpus when several hold it). */
export const GET = observeRoute(
  "/api/v1/decisions/[caseNo]",
  async (request: Request, { params }: { params: Promise<{ caseNo: string }> }) => {
    return withApiCaller(request, "read", "GET /api/v1/decisions", async ({ baseUrl }) => {
      const parsed = Params.safeParse(await params);
      if (!parsed.success) throw new AppError("not_found:resource");
      const corpusId = new URL(request.url).searchParams.get("corpus") ?? undefined;
      return Response.json(await apiDecision(decodePathSegment(parsed.data.caseNo), { corpusId, baseUrl }));
    });
  },
);
