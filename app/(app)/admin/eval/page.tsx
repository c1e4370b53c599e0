import type { Metadata } from "next";
import Link from "next/link";
import { EvalForm } from "@/components/eval/eval-form";
import { EVAL_STATUS_TEXT } from "@/components/eval/status-text";
import { aiConfig, configuredComponents } from "@/lib/ai/config";
import { listCorpora } from "@/lib/db/corpora";
import { listEvalJobs, sweepStaleEvalJobs } from "@/lib/db/eval-jobs";
import { SYSTEMS, skipReason } from "@/lib/eval/systems";
import { formatKoreanDateTime } from "@/lib/util/korean-time";
import { requirePageAdmin } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "평가" };
export const dynamic = "force-dynamic";

export default async function EvalPage() {
  await requirePageAdmin();
  await sweepStaleEvalJobs();
  const [corpora, jobs] = await Promise.all([listCorpora(), listEvalJobs()]);
  const available = configuredComponents(aiConfig());
  const systems = SYSTEMS.map((s) => ({ id: s.id, label: s.label, skip: skipReason(s, available) }));
  return (
    <main className="flex flex-1 flex-col gap-6 p-6 lg:flex-row">
      <section className="flex-1">
        <h1 className="mb-1 font-serif text-2xl font-semibold">평가</h1>
        <p className="mb-4 text-sm text-muted">
          우리 질문으로 검색과 답변의 정확도를 잽니다. 논문과 같은 지표(Recall@k, NDCG@k, 정확도·F1)로 여러 방식을
          비교합니다.
        </p>
        {jobs.length === 0 ? (
          <p
            className="rounded-xl border border-dashed border-line bg-white p-8 text-center text-muted"
            data-testid="evals-empty"
          >
            아직 평가가 없습니다. 오른쪽에서 벤치마크 파일을 올려 시작하세요.
          </p>
        ) : (
          <table
            className="w-full overflow-hidden rounded-xl border border-line bg-white text-sm"
            data-testid="evals-table"
          >
            <thead className="bg-paper text-left text-muted">
              <tr>
                <th className="px-3 py-2 font-medium">이름</th>
                <th className="px-3 py-2 font-medium">시스템</th>
                <th className="px-3 py-2 font-medium">상태</th>
                <th className="px-3 py-2 font-medium">시작</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => (
                <tr key={j.id} className="border-t border-line">
                  <td className="px-3 py-2">
                    <Link href={`/admin/eval/${j.id}`} className="text-accent hover:underline">
                      {j.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2 text-muted">{j.systems.join(", ")}</td>
                  <td className="px-3 py-2">
                    {EVAL_STATUS_TEXT[j.status]} {j.total ? `(${j.done}/${j.total})` : ""}
                  </td>
                  <td className="px-3 py-2 text-muted">{formatKoreanDateTime(j.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {jobs.filter((j) => j.status === "done").length >= 2 ? (
          <form
            action="/admin/eval/compare"
            className="mt-4 flex flex-wrap items-end gap-2 text-sm"
            data-testid="eval-compare-form"
          >
            {(["a", "b"] as const).map((side, i) => (
              <label key={side} className="block">
                <span className="mb-1 block text-muted">{side.toUpperCase()}</span>
                <select
                  name={side}
                  data-testid={`eval-compare-${side}`}
                  defaultValue={jobs.filter((j) => j.status === "done")[1 - i]?.id}
                  className="rounded-md border border-line px-2 py-1.5"
                >
                  {jobs
                    .filter((j) => j.status === "done")
                    .map((j) => (
                      <option key={j.id} value={j.id}>
                        {j.name} ({formatKoreanDateTime(j.createdAt)})
                      </option>
                    ))}
                </select>
              </label>
            ))}
            <button type="submit" className="rounded-md border border-line px-3 py-1.5" data-testid="eval-compare-go">
              두 평가 비교
            </button>
          </form>
        ) : null}
      </section>
      <div className="w-full lg:w-96">
        {corpora.length === 0 ? (
          <p className="rounded-xl border border-line bg-white p-4 text-sm text-muted">
            평가하려면 먼저{" "}
            <Link href="/admin/corpora" className="text-accent underline">
              말뭉치
            </Link>
            를 만들고 판례를 올리세요.
          </p>
        ) : (
          <EvalForm corpora={corpora.map((c) => ({ id: c.id, name: c.name }))} systems={systems} />
        )}
      </div>
    </main>
  );
}
