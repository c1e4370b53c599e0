import type { AnswerState } from "@/lib/chat/state";

const QUERY_LABEL: Record<string, string> = {
  original: "원래 질문",
  analytical: "분석 질의",
  rationale: "근거 질의",
  expanded: "관련 용어를 붙인 질문",
  hyde: "가상 판결문",
};

/** The answer's pipeline trace: stage timings, each query's list and the fused list, with scores. */
export function TraceView({ state }: { state: AnswerState }) {
  const trace = state.record?.trace;
  if (!trace) return null;
  return (
    <details className="rounded-lg border border-line bg-white p-3 text-xs" data-testid="pipeline-trace">
      <summary className="cursor-pointer font-semibold text-muted">검색 과정 자세히 (단계별 시간, 점수)</summary>
      <table className="mt-2 w-full">
        <tbody>
          {trace.timings.map((t) => (
            <tr key={`${t.stage}-${t.startMs}`}>
              <td className="pr-2 font-mono">{t.stage}</td>
              <td className="tabular-nums text-right">
                {Math.round(t.startMs)}–{Math.round(t.endMs)} ms
              </td>
            </tr>
          ))}
          <tr>
            <td className="pr-2">첫 화면 표시 / 첫 답변 글자 / 전체</td>
            <td className="tabular-nums text-right">
              {Math.round(trace.firstVisibleMs ?? 0)} / {Math.round(trace.firstAnswerTokenMs ?? 0)} /{" "}
              {Math.round(trace.totalMs)} ms
            </td>
          </tr>
        </tbody>
      </table>
      {(Object.entries(trace.lists) as [string, { caseNo: string; score: number }[]][]).map(([which, list]) => (
        <div key={which} className="mt-2">
          <p className="font-semibold">
            {QUERY_LABEL[which] ?? `다르게 표현한 질문 ${which.replace(/\D/g, "")}`} 검색 결과
          </p>
          <p className="text-muted">
            {list
              .slice(0, 10)
              .map((h) => `${h.caseNo}(${h.score.toFixed(3)})`)
              .join(", ")}
          </p>
        </div>
      ))}
      <div className="mt-2">
        <p className="font-semibold">합친 순위</p>
        <p className="text-muted">
          {trace.fused
            .slice(0, 10)
            .map((h) => `${h.caseNo}(${h.score.toFixed(4)})`)
            .join(", ")}
        </p>
      </div>
    </details>
  );
}
