import { ANSWER_METRICS, RETRIEVAL_METRICS } from "@/lib/eval/metric-defs";
import { PARTIAL_REPLAY_NOTE, partialReplayLine, partialReplayMark, partialReplayTotal } from "@/lib/eval/replay-gaps";
import type { SavedRun } from "@/lib/eval/write-report";
import { DifferenceCell, HeadRow, IntervalCell } from "./metric-cells";
import { WinsAndCosts } from "./wins-and-costs";

const box = "overflow-x-auto rounded-xl border border-line bg-white";

// Beside the figure: a system whose figures are partly fallbacks (partial replay) is never read as whole.
function Mark({ text }: { text: string }) {
  return text ? (
    <span className="ml-1 whitespace-nowrap text-xs font-normal text-amber-800" data-testid="eval-partial-replay">
      {text.trim()}
    </span>
  ) : null;
}

/** A finished evaluation: every metric with its 95% interval, differences to the baseline, wins and losses. */
export function EvalResults({ run, chartUrls }: { run: SavedRun; chartUrls: string[] }) {
  const { summaries, comparisons, bootstrap } = run;
  const retrieval = summaries.filter((s) => s.retrievalItems > 0);
  const answers = summaries.filter((s) => s.yesNoItems > 0);
  const labelOf = (id: string) => {
    const s = summaries.find((x) => x.id === id);
    return s ? `${s.label}${partialReplayTotal(s)}` : id;
  };
  const partial = partialReplayLine(summaries);
  const diffMetrics = [...RETRIEVAL_METRICS, ...ANSWER_METRICS].filter((m) => comparisons.some((c) => c.diffs[m.key]));
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted" data-testid="eval-method">
        괄호 안은 95% 구간입니다: 쌍체 부트스트랩(질문 재표본 {bootstrap.resamples.toLocaleString("ko-KR")}회, seed{" "}
        {bootstrap.seed}). 질문 수가 적으면 구간이 넓습니다 — 구간이 겹치는 두 수치의 차이는 우연일 수 있습니다.
        {run.calls?.mode === "replay" ? " 모델 호출은 올린 기록 파일에서 재생했습니다(네트워크 호출 없음)." : ""}
      </p>
      {partial ? (
        <p
          className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          role="note"
          data-testid="eval-partial-replay-note"
        >
          {partial}
        </p>
      ) : null}
      {retrieval.length > 0 ? (
        <div className={box}>
          <table className="w-full text-sm" data-testid="eval-table">
            <HeadRow labels={["시스템", "질문 수", ...RETRIEVAL_METRICS.map((m) => m.label), "놓친 항목"]} />
            <tbody className="tabular-nums">
              {retrieval.map((s) => (
                <tr key={s.id} className="border-t border-line">
                  <td className="px-3 py-2 font-medium">
                    {s.label}
                    <Mark text={partialReplayMark(s, "retrieval")} />
                  </td>
                  <td className="px-3 py-2">{s.retrievalItems}</td>
                  {RETRIEVAL_METRICS.map((m) => (
                    <IntervalCell key={m.key} value={s.metrics[m.key]} />
                  ))}
                  <td className="px-3 py-2">{s.misses.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {answers.length > 0 ? (
        <div className={box}>
          <table className="w-full text-sm" data-testid="eval-answers-table">
            <HeadRow labels={["시스템", "질문 수", ...ANSWER_METRICS.map((m) => m.label), "판정 불가"]} />
            <tbody className="tabular-nums">
              {answers.map((s) => (
                <tr key={s.id} className="border-t border-line">
                  <td className="px-3 py-2 font-medium">
                    {s.label}
                    <Mark text={partialReplayMark(s, "yesno")} />
                  </td>
                  <td className="px-3 py-2">{s.yesNoItems}</td>
                  {ANSWER_METRICS.map((m) => (
                    <IntervalCell key={m.key} value={s.metrics[m.key]} />
                  ))}
                  <td className="px-3 py-2">{s.unreadable.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="px-3 py-2 text-xs text-muted">
            인용 정확도: 인용한 사건번호 중 검색된 판례에 있는 것의 비율(검색되지 않은 번호는 불리하게 셈). 인용 근거율:
            인용한 문장 중 인용한 판례의 검색된 구절이 뒷받침하는 문장의 비율(어휘 비교). 정답 판례 인용률: 정답 판례를
            하나 이상 인용한 답변의 비율.
          </p>
        </div>
      ) : null}
      {comparisons.length > 0 && run.baseline ? (
        <section className="space-y-2">
          <h2 className="font-semibold">기준({labelOf(run.baseline)}) 대비 차이</h2>
          <div className={box}>
            <table className="w-full text-sm" data-testid="eval-diff-table">
              <HeadRow labels={["시스템", ...diffMetrics.map((m) => m.label)]} />
              <tbody className="tabular-nums">
                {comparisons.map((c) => (
                  <tr key={c.system} className="border-t border-line">
                    <td className="px-3 py-2 font-medium">{labelOf(c.system)}</td>
                    {diffMetrics.map((m) => (
                      <DifferenceCell key={m.key} value={c.diffs[m.key]} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-muted">* 와 색: 95% 구간이 0을 포함하지 않음(유의한 차이).</p>
        </section>
      ) : null}
      {partial ? <p className="text-xs text-amber-900">{PARTIAL_REPLAY_NOTE}</p> : null}
      <WinsAndCosts run={run} />
      <div className="flex flex-wrap gap-4">
        {chartUrls.map((src) => (
          // biome-ignore lint/performance/noImgElement: a generated SVG from our own API, not an optimizable image
          <img
            key={src}
            src={src}
            alt={src}
            data-testid="eval-chart"
            className="rounded-xl border border-line bg-white"
          />
        ))}
      </div>
    </div>
  );
}
