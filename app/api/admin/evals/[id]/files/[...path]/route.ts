import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { requireAdmin } from "@/lib/auth/session";
import { getEvalJob } from "@/lib/db/eval-jobs";
import { AppError, errorResponse } from "@/lib/errors";
import { REPORT_FILES } from "@/lib/eval/eval-jobs";
import { observeRoute } from "@/lib/util/observe-route";
import { currentUser } from "../../../../../../(auth)/auth";

export const dynamic = "force-dynamic";

const TYPES: Record<string, string> = {
  md: "text/markdown; charset=utf-8",
  json: "application/json; charset=utf-8",
  svg: "image/svg+xml",
};

/** A report file of a finished evaluation (only the known report files, never arbitrary paths). */
export const GET = observeRoute(
  "/api/admin/evals/[id]/files/[...path]",
  async (request: Request, { params }: { params: Promise<{ id: string; path: string[] }> }) => {
    try {
      requireAdmin(await currentUser());
      const { id, path } = await params;
      const name = path.join("/");
      const job = await getEvalJob(id);
      if (!job || !(REPORT_FILES as readonly string[]).includes(name)) throw new AppError("not_found:resource");
      const file = join(/*turbopackIgnore: true*/ job.outDir, name);
      if (!existsSync(file)) throw new AppError("not_found:resource");
      const download = new URL(request.url).searchParams.has("download");
      return new Response(readFileSync(file), {
        headers: {
          "content-type": TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream",
          ...(download ? { "content-disposition": `attachment; filename="eval-${id}-${name.replace("/", "-")}"` } : {}),
        },
      });
    } catch (error) {
      return errorResponse(error);
    }
  },
);
