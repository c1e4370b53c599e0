import { Flag } from "lucide-react";
import Link from "next/link";
import { BookmarkButton } from "@/components/bookmarks/bookmark-button";
import { precedentHref } from "@/lib/chat/citation-links";
import { type DecisionGroup, groupEvidence } from "@/lib/chat/evidence";
import type { AnswerState } from "@/lib/chat/state";
import { queryCardsFor } from "@/lib/rag/strategies/panels";
import {
  describeOverruling,
  type PrecedentSignal,
  type PrecedentSignals,
  SCOPE_LABEL,
} from "@/lib/text/citation-types";
import { formatKoreanDate } from "@/lib/util/korean-time";
import { isAnswerNotice } from "./answer-notices";
import { StrategySteps } from "./strategy-steps";
import { TraceView } from "./trace-view";

const QUERY_LABEL = { original: "원래 질문", analytical: "분석 질의", rationale: "근거 질의" } as const;

function Block({
  title,
  testId,
  className = "",
  children,
}: {
  title: string;
  testId?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section className={`rounded-lg border border-line bg-white p-3 ${className}`} data-testid={testId}>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}

/** One decision: its court, date, name and type, best score, and the passages used, folded. */
function DecisionItem({
  group,
  corpusNames,
  scoreLabel,
  signal,
}: {
  group: DecisionGroup;
  corpusNames: Record<string, string>;
  scoreLabel: string;
  /** The citation graph's word on it (cited-by count, overrulings). */
  signal?: PrecedentSignal;
}) {
  const overruledBy = signal?.overruledBy ?? [];
  const first = group.passages[0];
  const href = first
    ? precedentHref(
        first.chunk.caseNo,
        first.chunk.corpusId,
        group.passages.filter((p) => p.chunk.corpusId === first.chunk.corpusId).map((p) => p.chunk.id),
        { used: group.passages.filter((p) => p.cited).map((p) => p.chunk.id) },
      )
    : "#";
  return (
    <li
      data-testid="evidence-case"
      data-case-no={group.caseNo}
      data-case-type={group.caseType}
      data-court={group.court}
      data-cited={group.cited}
      data-rank={group.rank}
      data-overruled={overruledBy.length > 0}
      // relative: the bookmark button's screen-reader label (absolutely placed) stays inside the pane.
      className={`relative rounded-md border p-2 ${overruledBy.length ? "border-red-400" : group.cited ? "border-accent bg-accent-soft/40" : "border-line"}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-2">
        {group.cited ? (
          <span
            className="rounded bg-accent px-1.5 py-0.5 text-[11px] font-medium text-white"
            data-testid="evidence-cited-badge"
          >
            답변 인용
          </span>
        ) : null}
        <Link
          href={href}
          className="font-mono font-medium text-accent hover:underline"
          data-testid="evidence-case-link"
        >
          {group.caseNo}
        </Link>
        {first ? (
          <BookmarkButton
            compact
            caseNo={group.caseNo}
            corpusId={first.chunk.corpusId}
            caseName={group.caseName}
            court={group.court}
            decisionDate={group.decisionDate}
          />
        ) : null}
        <span className="ml-auto text-xs tabular-nums text-muted" title={scoreLabel}>
          {group.bestScore.toFixed(3)}
        </span>
      </div>
      {overruledBy.length > 0 ? (
        <p
          className="my-1 rounded bg-red-50 px-2 py-1 text-xs font-medium text-red-900"
          data-testid="evidence-overruled"
        >
          <Flag aria-hidden="true" className="inline size-3.5 align-[-2px]" />{" "}
          {overruledBy[0]?.scope === "partial" ? "일부 변경된 판례" : "변경된 판례"}:{" "}
          {overruledBy.map((b, i) => (
            <span key={`${b.court}|${b.caseNo}`}>
              {i > 0 ? ", " : ""}
              {b.corpusId ? (
                <Link
                  href={`/precedents/${encodeURIComponent(b.caseNo)}?corpus=${encodeURIComponent(b.corpusId)}`}
                  className="underline"
                >
                  {describeOverruling(b)}
                </Link>
              ) : (
                describeOverruling(b)
              )}
              ({SCOPE_LABEL[b.scope]})
            </span>
          ))}
          로 변경되었습니다.
        </p>
      ) : null}
      <p className="text-xs text-muted">
        {[
          group.court,
          group.decisionDate && `${formatKoreanDate(group.decisionDate) || group.decisionDate} 선고`,
          group.caseType,
        ]
          .filter(Boolean)
          .join(" · ")}
        {signal ? (
          <span
            className="ml-2 rounded bg-paper px-1 text-[11px]"
            data-testid="evidence-cited-by"
            data-count={signal.citedBy}
            title="말뭉치 안에서 이 판례를 인용한 판례의 수 (참조판례와 판결 이유)"
          >
            말뭉치 내 인용 {signal.citedBy}회
          </span>
        ) : null}
      </p>
      {group.caseName ? <p className="text-sm">{group.caseName}</p> : null}
      <p className="text-xs text-muted" data-testid="evidence-corpora">
        말뭉치: {group.corpusIds.map((id) => corpusNames[id] ?? "알 수 없는 말뭉치").join(", ")}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs text-accent">관련 부분 {group.passages.length}곳</summary>
        <ol className="mt-1 space-y-2">
          {group.passages.map((p) => (
            <li
              key={p.chunk.id}
              id={`evidence-${p.chunk.id}`}
              data-testid="evidence-passage"
              className={p.cited ? "border-l-2 border-accent pl-2" : "pl-2.5"}
            >
              <p className="flex flex-wrap gap-x-2 text-xs text-muted">
                <span className="font-medium text-ink">{p.chunk.section}</span>
                {p.cited ? <span className="text-accent">답변이 인용한 부분</span> : null}
                <span className="ml-auto tabular-nums">{p.score.toFixed(3)}</span>
              </p>
              {p.chunk.context ? (
                // Contextual retrieval's context (lib/enrich): beside the passage, never part of the quote.
                <p
                  className="mt-0.5 rounded bg-paper px-1.5 py-1 text-[11px] text-muted"
                  data-testid="evidence-context"
                >
                  <span className="font-medium">맥락(자동 작성, 판결문 아님)</span> {p.chunk.context}
                </p>
              ) : null}
              <p className="mt-0.5 whitespace-pre-wrap text-xs leading-relaxed" data-testid="evidence-passage-text">
                {p.chunk.text}
              </p>
              <Link
                href={precedentHref(p.chunk.caseNo, p.chunk.corpusId, [p.chunk.id])}
                className="text-xs text-accent hover:underline"
              >
                원문에서 보기
              </Link>
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

/** How many decisions the panel lists for an answer (the phone's evidence tab shows it). */
export function evidenceCount(state: AnswerState): number {
  return groupEvidence(state.context ?? state.provisional ?? []).length;
}

/** Beside the answer: the two written queries, the search progress and the precedents, by decision. */
export function EvidencePanel({ state, corpusNames }: { state: AnswerState; corpusNames: Record<string, string> }) {
  const writing = state.status === "running";
  const groups = state.context ? groupEvidence(state.context, state.record?.parts) : undefined;
  const early = !groups && state.provisional?.length ? groupEvidence(state.provisional) : undefined;
  const signals: PrecedentSignals | undefined = state.record?.signals ?? state.signals;
  // The answer's own notices are on the answer card (answer-notices.ts); here only the search's.
  const searchNotices = state.notices.filter((n) => !isAnswerNotice(n.code));
  // Only the written queries this strategy has: a card that can only say "none" reads as a failure.
  const cards = queryCardsFor(state.strategy?.id);
  const searched = (Object.keys(QUERY_LABEL) as (keyof typeof QUERY_LABEL)[]).filter(
    (k) => k === "original" || cards[k] || state.retrieved[k] !== undefined,
  );
  const scoreLabel = state.reranked ? "리랭커 점수 (관련 부분 중 가장 높은 값)" : "순위 결합 점수 (가장 높은 값)";
  return (
    // On a phone (the 근거 tab) the precedents come first, the queries that found them after.
    <div className="flex flex-col gap-3 text-sm" data-testid="evidence-panel">
      {state.standalone ? (
        <Block title="독립 질문으로 바꾼 후속 질문">
          <p>{state.standalone}</p>
        </Block>
      ) : null}
      <StrategySteps state={state} />
      {cards.analytical ? (
        <Block title="분석 질의" testId="analytical-query">
          <p className={state.analytical ? "" : "text-muted"}>
            {state.analytical || (writing ? "작성 중…" : "작성하지 못해 이 질의 없이 검색했습니다.")}
          </p>
        </Block>
      ) : null}
      {cards.rationale ? (
        <Block title="근거 질의 (가상 판결 이유)" testId="rationale-query">
          {state.rationale ? (
            <p>{state.rationale}</p>
          ) : (
            <p className="text-muted">
              {writing
                ? state.rationaleDraft
                  ? "판사 역할의 모델이 검토 중…"
                  : "대기 중…"
                : "작성하지 못해 이 질의 없이 검색했습니다."}
            </p>
          )}
        </Block>
      ) : null}
      <Block title="검색">
        <ul className="space-y-0.5 text-xs text-muted" data-testid="retrieval-progress">
          {searched.map((k) => (
            <li key={k}>
              {QUERY_LABEL[k]}:{" "}
              {state.retrieved[k] !== undefined ? `${state.retrieved[k]}개 후보` : writing ? "…" : "-"}
            </li>
          ))}
          {state.fusedCount !== undefined ? <li>검색 결과를 합친 후보: {state.fusedCount}개</li> : null}
          {state.context ? (
            <li>
              {state.reranked ? "리랭커로 다시 정렬" : "리랭커 없음: 결합 순서 사용"}: 상위 {state.context.length}개
              부분
            </li>
          ) : null}
        </ul>
      </Block>
      {searchNotices.length > 0 ? (
        <div className="space-y-1" data-testid="notices">
          {searchNotices.map((n) => (
            <p key={n.code} className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900" data-notice={n.code}>
              {n.message}
            </p>
          ))}
        </div>
      ) : null}
      {groups && groups.length > 0 ? (
        <Block title={`근거 판례 ${groups.length}건`} testId="cited-precedents" className="max-lg:order-first">
          <ol className="space-y-2">
            {groups.map((g) => (
              <DecisionItem
                key={g.key}
                group={g}
                corpusNames={corpusNames}
                scoreLabel={scoreLabel}
                signal={signals?.[g.key]}
              />
            ))}
          </ol>
        </Block>
      ) : null}
      {early ? (
        <Block
          title={`먼저 찾은 판례 ${early.length}건 (원래 질문, 정렬 전)`}
          testId="provisional-precedents"
          className="max-lg:order-first"
        >
          <ol className="space-y-2">
            {early.map((g) => (
              <DecisionItem
                key={g.key}
                group={g}
                corpusNames={corpusNames}
                scoreLabel="검색 점수"
                signal={signals?.[g.key]}
              />
            ))}
          </ol>
        </Block>
      ) : null}
      {state.record ? <TraceView state={state} /> : null}
    </div>
  );
}
