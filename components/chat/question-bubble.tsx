"use client";

import { useEffect, useRef, useState } from "react";

/**
 * The lawyer's question, and its editor: "질문 수정" opens it in place; sending writes a new answer
 * for this turn (the old one stays readable as an earlier version) and drops the turns after it,
 * which followed from the old question — what good chat apps do.
 */
export function QuestionBubble({
  question,
  onEdit,
  later,
}: {
  question: string;
  /** Absent while an answer is being written (or the turn is not stored yet). */
  onEdit?: (question: string) => void;
  /** How many turns follow this one (they are dropped by an edit). */
  later: number;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(question);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing) box.current?.focus();
  }, [editing]);
  const send = () => {
    const next = text.trim();
    if (next.length < 2 || !onEdit) return;
    setEditing(false);
    onEdit(next);
  };
  if (editing)
    return (
      <div className="ml-auto max-w-[85%] space-y-2" data-testid="question-editor">
        <label className="sr-only" htmlFor="question-edit-box">
          질문 수정
        </label>
        <textarea
          id="question-edit-box"
          ref={box}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") setEditing(false);
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) send();
          }}
          rows={3}
          maxLength={4000}
          data-testid="question-edit-input"
          className="w-full rounded-xl border border-accent bg-white px-3 py-2 text-sm"
        />
        {later > 0 ? (
          <p className="text-xs text-muted">
            보내면 이 질문 뒤의 대화 {later}개는 지워집니다. 지금 답변은 이전 답변으로 남습니다.
          </p>
        ) : null}
        <div className="flex justify-end gap-2 text-sm">
          <button
            type="button"
            onClick={() => setEditing(false)}
            className="rounded border border-line px-3 py-1"
            data-testid="question-edit-cancel"
          >
            취소
          </button>
          <button
            type="button"
            onClick={send}
            disabled={text.trim().length < 2 || !onEdit}
            className="rounded bg-accent px-3 py-1 text-white disabled:opacity-50"
            data-testid="question-edit-send"
          >
            수정해서 다시 묻기
          </button>
        </div>
      </div>
    );
  return (
    <div className="ml-auto flex max-w-[85%] flex-col items-end gap-1">
      <div className="whitespace-pre-wrap rounded-xl bg-accent px-4 py-2 text-white" data-testid="question">
        {question}
      </div>
      {onEdit ? (
        <button
          type="button"
          onClick={() => {
            setText(question);
            setEditing(true);
          }}
          className="text-xs text-muted hover:text-ink"
          data-testid="question-edit"
        >
          질문 수정
        </button>
      ) : null}
    </div>
  );
}
