"use client";

import type { AnswerVersion } from "@/lib/chat/types";
import { AnswerText } from "./answer-text";

const when = (iso: string) =>
  new Date(iso).toLocaleString("ko-KR", { month: "numeric", day: "numeric", hour: "numeric", minute: "2-digit" });

/** The turn's earlier answers (it was written again): folded, newest first, each readable as written. */
export function AnswerVersions({ versions, question }: { versions?: AnswerVersion[]; question: string }) {
  if (!versions?.length) return null;
  return (
    <details className="mt-3 text-sm" data-testid="answer-versions">
      <summary className="cursor-pointer text-xs text-muted">이전 답변 {versions.length}개 보기</summary>
      <ol className="mt-2 space-y-3">
        {[...versions].reverse().map((v) => (
          <li key={v.at} className="rounded border border-line bg-paper p-3" data-testid="answer-version">
            <p className="mb-1 text-xs text-muted">
              {when(v.at)}
              {v.strategy ? ` · ${v.strategy}` : ""}
              {v.question !== question ? ` · 수정 전 질문: ${v.question}` : ""}
            </p>
            <AnswerText text={v.answer} />
          </li>
        ))}
      </ol>
    </details>
  );
}
