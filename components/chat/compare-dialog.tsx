"use client";

import { readStreamableValue } from "@ai-sdk/rsc";
import { useEffect, useRef, useState } from "react";
import { compareAction } from "@/app/(app)/chat/actions";
import type { CompareSide } from "@/lib/chat/compare";
import type { ChatFilters } from "@/lib/chat/filters";
import { isStrategyId, STRATEGY_IDS, STRATEGY_LABELS, type StrategyId } from "@/lib/rag/strategies/steps";
import { AnswerText } from "./answer-text";

function StrategySelect({
  value,
  onChange,
  label,
  testId,
}: {
  value: StrategyId;
  onChange: (id: StrategyId) => void;
  label: string;
  testId: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      {label}
      <select
        value={value}
        onChange={(e) => {
          if (isStrategyId(e.target.value)) onChange(e.target.value);
        }}
        data-testid={testId}
        className="rounded border border-line bg-white px-2 py-1 text-sm"
      >
        {STRATEGY_IDS.map((s) => (
          <option key={s} value={s}>
            {STRATEGY_LABELS[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

function Side({ side, chatId }: { side: CompareSide; chatId?: string }) {
  const running = side.status === "running";
  return (
    <section
      className="min-w-0 rounded-lg border border-line bg-white p-3"
      data-testid="compare-side"
      data-status={side.status}
      aria-label={side.label}
      aria-busy={running}
    >
      <h3 className="mb-2 font-semibold">{side.label}</h3>
      {side.cutOff ? (
        <p className="mb-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
          답변이 중간에 끊겼습니다: {side.cutOff}
        </p>
      ) : null}
      {side.answer ? (
        // The same rendering as the chat's answer: once written, each citation links to its passage, marked.
        <AnswerText text={side.answer} record={side.record} chatId={chatId} />
      ) : running ? (
        <p className="text-sm text-muted">판례를 찾고 있습니다…</p>
      ) : (
        <p className="text-sm text-muted">답변이 작성되지 않았습니다.</p>
      )}
      {side.checking ? (
        <p className="mt-2 animate-pulse text-xs text-muted" role="status">
          인용 검증 중… 답변의 각 인용이 그 판례의 내용과 맞는지 확인하고 있습니다.
        </p>
      ) : null}
      {side.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {side.error}
        </p>
      ) : null}
      <h4 className="mb-1 mt-3 text-xs font-semibold text-muted">근거 판례 {side.precedents.length}건</h4>
      <ul className="space-y-1 text-xs">
        {side.precedents.map((p) => (
          <li key={`${p.court}-${p.caseNo}`} data-testid="compare-precedent" data-cited={p.cited ? "true" : undefined}>
            {p.cited ? <span className="mr-1 rounded bg-accent px-1 text-white">인용</span> : null}
            {p.court} {p.decisionDate} {p.caseNo} {p.caseName}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Two strategies answer the same question side by side, each with the precedents it stood on
 * (those its answer cites marked 인용). A native modal dialog: Esc closes it, focus stays inside.
 */
export function CompareDialog({
  question,
  filters,
  initial,
  chatId,
  onClose,
}: {
  question: string;
  filters?: ChatFilters;
  /** The chat it was opened from: the citations' links lead back to it. */
  chatId?: string;
  /** The strategy of the answer it was opened from. */
  initial?: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const a0: StrategyId = isStrategyId(initial) ? initial : "rar";
  const [a, setA] = useState<StrategyId>(a0);
  const [b, setB] = useState<StrategyId>(STRATEGY_IDS.find((s) => s !== a0) ?? "hybrid");
  const [sides, setSides] = useState<CompareSide[]>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  async function run() {
    setBusy(true);
    setError(undefined);
    setSides(undefined);
    try {
      const result = await compareAction({ question, strategies: [a, b], filters });
      if (!result.ok) return setError(result.message);
      // Both answers stream in as they are written, then their citations are checked and linked.
      for await (const frame of readStreamableValue(result.frames)) {
        if (!frame) continue;
        setSides(frame.sides);
        if (frame.error) setError(frame.error);
      }
    } catch {
      setError("서버에 연결할 수 없습니다.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="compare-title"
      data-testid="compare-dialog"
      className="w-[min(72rem,95vw)] rounded-xl border border-line bg-paper p-4 backdrop:bg-black/30"
    >
      <div className="mb-3 flex items-start justify-between gap-2">
        <h2 id="compare-title" className="font-semibold">
          전략 비교
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="rounded border border-line px-2 py-0.5 text-sm"
          data-testid="compare-close"
        >
          닫기
        </button>
      </div>
      <p className="mb-3 text-sm text-muted">질문: {question}</p>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <StrategySelect value={a} onChange={setA} label="왼쪽" testId="compare-a" />
        <StrategySelect value={b} onChange={setB} label="오른쪽" testId="compare-b" />
        <button
          type="button"
          onClick={() => void run()}
          disabled={busy || a === b}
          className="rounded bg-accent px-3 py-1 text-sm text-white disabled:opacity-50"
          data-testid="compare-run"
        >
          {busy ? "두 전략으로 답변하는 중…" : "비교하기"}
        </button>
        {a === b ? <span className="text-xs text-muted">서로 다른 두 전략을 골라 주세요.</span> : null}
      </div>
      <p className="mb-3 text-xs text-muted">
        비교 결과는 저장되지 않습니다. 마음에 드는 전략은 답변의 &lsquo;이 전략으로 다시 답변&rsquo;으로 남기세요.
      </p>
      {error ? (
        <p role="alert" className="mb-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {sides ? (
        <div className="grid gap-3 md:grid-cols-2" data-testid="compare-result">
          {sides.map((side) => (
            <Side key={side.strategy} side={side} chatId={chatId} />
          ))}
        </div>
      ) : null}
    </dialog>
  );
}
