import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EvalProgress } from "@/components/eval/eval-progress";
import { viewEvalJob } from "@/lib/eval/eval-jobs";
import type { SystemSummary } from "@/lib/eval/report";
import { requirePageAdmin } from "../../../../(auth)/auth";

export const metadata: Metadata = { title: "평가 결과" };
export const dynamic = "force-dynamic";

const f = (x: number | undefined) => (x === undefined ? "–" : x.toFixed(4));

export default async function EvalResultPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageAdmin();
  const { id } = await params;
  const job = await viewEvalJob(id);
  if (!job) notFound();
  const resultsFile = join(/*turbopackIgnore: true*/ job.outDir, "results.json");
  const results =
    job.status === "done" && existsSync(resultsFile)
      ? (JSON.parse(readFileSync(resultsFile, "utf8")) as {
          summaries: SystemSummary[];
          skipped: { system: string; reason: string }[];
        })
      : null;
  const chartNames = ["charts/retrieval.svg", "charts/answers.svg", "charts/sweep.svg"].filter((c) =>
    existsSync(join(/*turbopackIgnore: true*/ job.outDir, c)),
  );
  const retrieval = results?.summaries.filter((s) => s.retrievalItems > 0) ?? [];
  const answers = results?.summaries.filter((s) => s.yesNoItems > 0) ?? [];
  const file = (name: string) => `/api/admin/evals/${job.id}/files/${name}`;

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
      {results ? (
        <>
          <div className="flex gap-3 text-sm">
            <a href={`${file("report.md")}?download`} className="text-accent underline" data-testid="eval-download">
              보고서 내려받기 (Markdown)
            </a>
            <a href={`${file("results.json")}?download`} className="text-accent underline">
              전체 결과 (JSON)
            </a>
          </div>
          {retrieval.length > 0 ? (
            <div className="overflow-x-auto rounded-xl border border-line bg-white">
              <table className="w-full text-sm" data-testid="eval-table">
                <thead className="bg-paper text-left text-muted">
                  <tr>
                    {[
                      "시스템",
                      "R@10",
                      "R@15",
                      "R@20",
                      "cNDCG@10",
                      "cNDCG@15",
                      "cNDCG@20",
                      "chunk NDCG@20",
                      "MRR",
                      "놓친 항목",
                    ].map((h) => (
                      <th key={h} className="px-3 py-2 font-medium">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="tabular-nums">
                  {retrieval.map((s) => (
                    <tr key={s.id} className="border-t border-line">
                      <td className="px-3 py-2 font-medium">{s.label}</td>
                      <td className="px-3 py-2">{f(s.recall[10])}</td>
                      <td className="px-3 py-2">{f(s.recall[15])}</td>
                      <td className="px-3 py-2">{f(s.recall[20])}</td>
                      <td className="px-3 py-2">{f(s.caseNdcg[10])}</td>
                      <td className="px-3 py-2">{f(s.caseNdcg[15])}</td>
                      <td className="px-3 py-2">{f(s.caseNdcg[20])}</td>
                      <td className="px-3 py-2">{f(s.chunkNdcg20)}</td>
                      <td className="px-3 py-2">{f(s.mrr)}</td>
                      <td className="px-3 py-2">{s.misses.length}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {answers.length > 0 ? (
            <table className="rounded-xl border border-line bg-white text-sm" data-testid="eval-answers-table">
              <thead className="bg-paper text-left text-muted">
                <tr>
                  <th className="px-3 py-2 font-medium">시스템</th>
                  <th className="px-3 py-2 font-medium">Accuracy</th>
                  <th className="px-3 py-2 font-medium">F1 (예)</th>
                  <th className="px-3 py-2 font-medium">판정 불가</th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {answers.map((s) => (
                  <tr key={s.id} className="border-t border-line">
                    <td className="px-3 py-2 font-medium">{s.label}</td>
                    <td className="px-3 py-2">{f(s.accuracy)}</td>
                    <td className="px-3 py-2">{f(s.f1Yes)}</td>
                    <td className="px-3 py-2">{s.unreadable.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {results.skipped.length > 0 ? (
            <ul className="text-sm text-muted">
              {results.skipped.map((s) => (
                <li key={s.system}>
                  건너뜀: {s.system} — {s.reason}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap gap-4">
            {chartNames.map((c) => (
              // biome-ignore lint/performance/noImgElement: a generated SVG from our own API, not an optimizable image
              <img
                key={c}
                src={file(c)}
                alt={c}
                data-testid="eval-chart"
                className="rounded-xl border border-line bg-white"
              />
            ))}
          </div>
        </>
      ) : null}
    </main>
  );
}
