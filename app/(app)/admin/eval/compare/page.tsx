import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Metadata } from "next";
import Link from "next/link";
import { CompareView } from "@/components/eval/compare-view";
import { getEvalJob } from "@/lib/db/eval-jobs";
import { compareRuns } from "@/lib/eval/compare-runs";
import type { SavedRun } from "@/lib/eval/write-report";
import { requirePageAdmin } from "../../../../(auth)/auth";

export const metadata: Metadata = { title: "평가 비교" };
export const dynamic = "force-dynamic";

async function savedRun(id: string | undefined): Promise<{ name: string; run: SavedRun } | null> {
  const job = id ? await getEvalJob(id) : null;
  if (job?.status !== "done") return null;
  const file = join(/*turbopackIgnore: true*/ job.outDir, "results.json");
  return existsSync(file) ? { name: job.name, run: JSON.parse(readFileSync(file, "utf8")) as SavedRun } : null;
}

/** Two finished evaluations side by side: what changed, how the metrics moved, which questions flipped. */
export default async function EvalComparePage({ searchParams }: { searchParams: Promise<{ a?: string; b?: string }> }) {
  await requirePageAdmin();
  const { a, b } = await searchParams;
  const [left, right] = await Promise.all([savedRun(a), savedRun(b)]);
  return (
    <main className="flex-1 space-y-4 p-6">
      <nav className="text-sm text-muted">
        <Link href="/admin/eval" className="hover:underline">
          평가
        </Link>{" "}
        / 비교
      </nav>
      <h1 className="font-serif text-2xl font-semibold">두 평가 비교</h1>
      {left && right ? (
        <CompareView comparison={compareRuns(left.run, right.run)} names={[left.name, right.name]} />
      ) : (
        <p className="rounded-xl border border-line bg-white p-4 text-sm text-muted" data-testid="compare-missing">
          비교하려면 완료된 평가 두 개를 고르세요.
        </p>
      )}
    </main>
  );
}
