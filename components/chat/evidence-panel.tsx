import Link from "next/link";
import type { AnswerState } from "@/lib/chat/state";
import { precedentHref } from "./answer-text";
import { StrategySteps } from "./strategy-steps";

const QUERY_LABEL = { original: "원래 질문", analytical: "분석 질의", rationale: "근거 질의" } as const;

function Block({ title, testId, children }: { title: string; testId?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-line bg-white p-3" data-testid={testId}>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}

/** Beside the answer: the two written queries, the search progress and the precedents used. */
export function EvidencePanel({ state }: { state: AnswerState }) {
  const cited = new Set(
    state.record?.parts.flatMap((p) => (p.type === "citation" && p.valid ? [p.chunkId] : [])) ?? [],
  );
  const writing = state.status === "running";
  return (
    <div className="space-y-3 text-sm" data-testid="evidence-panel">
      {state.standalone ? (
        <Block title="독립 질문으로 바꾼 후속 질문">
          <p>{state.standalone}</p>
        </Block>
      ) : null}
      <StrategySteps state={state} />
      <Block title="분석 질의" testId="analytical-query">
        <p className={state.analytical ? "" : "text-muted"}>{state.analytical || (writing ? "작성 중…" : "없음")}</p>
      </Block>
      <Block title="근거 질의 (가상 판결 이유)" testId="rationale-query">
        {state.rationale ? (
          <p>{state.rationale}</p>
        ) : (
          <p className="text-muted">
            {writing ? (state.rationaleDraft ? "판사 역할의 모델이 검토 중…" : "대기 중…") : "없음"}
          </p>
        )}
      </Block>
      <Block title="검색">
        <ul className="space-y-0.5 text-xs text-muted" data-testid="retrieval-progress">
          {(Object.keys(QUERY_LABEL) as (keyof typeof QUERY_LABEL)[]).map((k) => (
            <li key={k}>
              {QUERY_LABEL[k]}:{" "}
              {state.retrieved[k] !== undefined ? `${state.retrieved[k]}개 후보` : writing ? "…" : "-"}
            </li>
          ))}
          {state.fusedCount !== undefined ? <li>순위 결합(RRF): {state.fusedCount}개</li> : null}
          {state.context ? (
            <li>
              {state.reranked ? "리랭커로 다시 정렬" : "리랭커 없음: 결합 순서 사용"}: 상위 {state.context.length}개
            </li>
          ) : null}
        </ul>
      </Block>
      {state.notices.length > 0 ? (
        <div className="space-y-1" data-testid="notices">
          {state.notices.map((n) => (
            <p key={n.code} className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
              {n.message}
            </p>
          ))}
        </div>
      ) : null}
      {state.context && state.context.length > 0 ? (
        <Block title="근거 판례" testId="cited-precedents">
          <ol className="space-y-2">
            {state.context.map(({ chunk, score }) => (
              <li
                key={chunk.id}
                id={`evidence-${chunk.id}`}
                data-testid="evidence-item"
                className={cited.has(chunk.id) ? "border-l-2 border-accent pl-2" : "pl-2.5"}
              >
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <Link
                    href={precedentHref(chunk.caseNo, chunk.corpusId, [chunk.id])}
                    className="font-mono font-medium text-accent hover:underline"
                  >
                    {chunk.caseNo}
                  </Link>
                  <span className="text-xs text-muted">
                    {chunk.court} · {chunk.decisionDate} · {chunk.section}
                  </span>
                  <span
                    className="ml-auto text-xs tabular-nums text-muted"
                    title={state.reranked ? "리랭커 점수" : "순위 결합 점수"}
                  >
                    {score.toFixed(3)}
                  </span>
                </div>
                <p className="text-xs text-muted">{chunk.caseName}</p>
                <details>
                  <summary className="cursor-pointer text-xs">사용된 부분</summary>
                  <p className="mt-1 whitespace-pre-wrap text-xs leading-relaxed">{chunk.text}</p>
                </details>
              </li>
            ))}
          </ol>
        </Block>
      ) : null}
      {state.record ? <TraceView state={state} /> : null}
    </div>
  );
}

function TraceView({ state }: { state: AnswerState }) {
  const trace = state.record?.trace;
  if (!trace) return null;
  return (
    <details className="rounded-lg border border-line bg-white p-3 text-xs" data-testid="pipeline-trace">
      <summary className="cursor-pointer font-semibold text-muted">파이프라인 기록</summary>
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
          <p className="font-semibold">{QUERY_LABEL[which as keyof typeof QUERY_LABEL] ?? which} 검색 결과</p>
          <p className="text-muted">
            {list
              .slice(0, 10)
              .map((h) => `${h.caseNo}(${h.score.toFixed(3)})`)
              .join(", ")}
          </p>
        </div>
      ))}
      <div className="mt-2">
        <p className="font-semibold">순위 결합(RRF)</p>
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
