import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EvalProgress } from "@/components/eval/eval-progress";
import { EvalResults } from "@/components/eval/eval-results";
import { REPORT_FILES, viewEvalJob } from "@/lib/eval/eval-jobs";
import type { SavedRun } from "@/lib/eval/write-report";
import { requirePageAdmin } from "../../../../(auth)/auth";

export const metadata: Metadata = { title: "평가 결과" };
export const dynamic = "force-dynamic";

export default async function EvalResultPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageAdmin();
  const { id } = await params;
  const job = await viewEvalJob(id);
  if (!job) notFound();
  const resultsFile = join(/*turbopackIgnore: true*/ job.outDir, "results.json");
  const run =
    job.status === "done" && existsSync(resultsFile)
      ? (JSON.parse(readFileSync(resultsFile, "utf8")) as SavedRun)
      : null;
  const file = (name: string) => `/api/admin/evals/${job.id}/files/${name}`;
  const charts = REPORT_FILES.filter(
    (c) => c.startsWith("charts/") && existsSync(join(/*turbopackIgnore: true*/ job.outDir, c)),
  ).map(file);

  return (
    <main className="flex-1 space-y-4 p-6">
      <nav className="text-sm text-muted">
        <Link href="/admin/eval" className="hover:underline">
          평가
        </Link>{" "}
        / {job.name}
      </nav>
      <h1 className="font-serif text-2xl font-semibold">{job.name}</h1>
      <EvalProgress
        id={job.id}
        initial={{
          status: job.status,
          done: job.done,
          total: job.total,
          message: job.message,
          cancelRequested: job.cancelRequested,
        }}
      />
      {run ? (
        <>
          <div className="flex gap-3 text-sm">
            <a href={`${file("report.md")}?download`} className="text-accent underline" data-testid="eval-download">
              보고서 내려받기 (Markdown)
            </a>
            <a href={`${file("results.json")}?download`} className="text-accent underline">
              전체 결과 (JSON)
            </a>
          </div>
          <EvalResults run={run} chartUrls={charts} />
          {run.skipped.length > 0 ? (
            <ul className="text-sm text-muted" data-testid="eval-skipped">
              {run.skipped.map((s) => (
                <li key={s.system}>
                  건너뜀: {s.system} — {s.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </main>
  );
}
