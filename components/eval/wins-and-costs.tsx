import { num } from "@/lib/eval/format";
import { ALL_METRICS } from "@/lib/eval/metric-defs";
import { partialReplayTotal } from "@/lib/eval/replay-gaps";
import { strategyText } from "@/lib/eval/strategy-outcome";
import type { SavedRun } from "@/lib/eval/write-report";
import { HeadRow } from "./metric-cells";

const metricLabel = (key: string) => ALL_METRICS.find((m) => m.key === key)?.label ?? key;

/** Question-by-question wins and losses against the baseline, then costs and what each system used. */
export function WinsAndCosts({ run }: { run: SavedRun }) {
  const labelOf = (id: string) => {
    const s = run.summaries.find((x) => x.id === id);
    return s ? `${s.label}${partialReplayTotal(s)}` : id;
  };
  const baseline = run.baseline ? labelOf(run.baseline) : "";
  return (
    <>
      {run.comparisons.some((c) => c.wins.length) ? (
        <section className="space-y-2" data-testid="eval-wins">
          <h2 className="font-semibold">질문별 승패 (기준: {baseline})</h2>
          {run.comparisons.flatMap((c) =>
            c.wins.map((w) => (
              <details key={`${c.system}-${w.kind}`} className="rounded-xl border border-line bg-white p-3 text-sm">
                <summary className="cursor-pointer">
                  <span className="font-medium">{labelOf(c.system)}</span> — {metricLabel(w.metric)}:{" "}
                  <span data-testid="eval-wins-count">
                    {w.wins}승 {w.ties}무 {w.losses}패
                  </span>
                </summary>
                {w.rows.length > 0 ? (
                  <table className="mt-2 w-full tabular-nums">
                    <HeadRow labels={["질문", "내용", baseline, labelOf(c.system)]} />
                    <tbody>
                      {w.rows.map((r) => (
                        <tr key={r.itemId} className="border-t border-line">
                          <td className="px-3 py-1">{r.itemId}</td>
                          <td className="px-3 py-1 text-muted">{r.question.slice(0, 60)}</td>
                          <td className="px-3 py-1">{num(r.baseline)}</td>
                          <td className={`px-3 py-1 ${r.system > r.baseline ? "text-emerald-700" : "text-red-700"}`}>
                            {num(r.system)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
              </details>
            )),
          )}
        </section>
      ) : null}
      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full text-sm" data-testid="eval-cost-table">
          <HeadRow labels={["시스템", "토큰(전체)", "답변 토큰", "답변 시간(초)", "시간(초)", "사용한 구성"]} />
          <tbody className="tabular-nums">
            {run.summaries.map((s) => (
              <tr key={s.id} className="border-t border-line">
                <td className="px-3 py-2 font-medium">{s.label}</td>
                <td className="px-3 py-2">{s.tokens}</td>
                <td className="px-3 py-2">{s.answerTokens}</td>
                <td className="px-3 py-2">{s.answerSeconds.toFixed(1)}</td>
                <td className="px-3 py-2">{s.seconds.toFixed(1)}</td>
                <td className="px-3 py-2 text-xs text-muted" data-testid="eval-used">
                  {s.used.items
                    ? `분석 질의 ${s.used.analytical}/${s.used.items} · 근거 질의 ${s.used.rationale}/${s.used.items} · 임베딩 ${s.used.dense}/${s.used.items} · 리랭커 ${s.used.reranked}/${s.used.items}`
                    : "모델 호출 없음"}
                  {/* The strategy's own steps (query-step fallbacks, CC-RAG verdicts) and a partial replay. */}
                  {`${strategyText(s.strategy)}${partialReplayTotal(s) ? ` ·${partialReplayTotal(s)}` : ""}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
