import {
  type AnswerExport,
  type ConversationExport,
  incompleteNote,
  outsideNote,
  unverifiedNote,
} from "@/lib/export/answer-export";
import { STATUS_LABEL } from "@/lib/rag/citations";
import type { Range } from "@/lib/text/sentences";
import { formatKoreanDate } from "@/lib/util/korean-time";
import { ExportBlocks } from "./export-blocks";

/**
 * An answer (or a whole conversation) laid out for paper (the browser's print → PDF): question,
 * the answer as the screen renders it — tables, lists, marks beside each case number — formatted
 * citations and the cited passages with their supporting sentences. Hidden on screen; app/print.css
 * shows only these sheets when printing a chat. The same sheet is what 복사 puts on the clipboard
 * as rich text (without the passages, marked `data-copy="skip"`).
 */

const H2 = "mt-4 border-b border-line pb-1 font-semibold";

/** An absolute link when the app's address is known (in the browser), else the app's own path. */
const absolute = (href: string, origin?: string) => (origin ? new URL(href, origin).toString() : href);

/** The answer, its notes and the decisions it cites — shared by the answer's sheet and the conversation's. */
function AnswerBody({ exported, origin }: { exported: AnswerExport; origin?: string }) {
  return (
    <>
      <div className="mt-1 space-y-1" data-testid="print-answer-body">
        <ExportBlocks blocks={exported.blocks} />
      </div>
      {incompleteNote(exported) ? <p className="mt-1 text-sm italic">{incompleteNote(exported)}</p> : null}
      {exported.outside.length > 0 ? (
        <p className="mt-2 text-sm" data-testid="print-outside-note">
          <strong>{STATUS_LABEL.corpus}:</strong> {outsideNote(exported.outside)}
        </p>
      ) : null}
      {exported.unverified.length > 0 ? (
        <p className="mt-2 text-sm" data-testid="print-unverified-note">
          <strong>⚠ 확인 필요:</strong> {unverifiedNote(exported.unverified, exported.checked)}
        </p>
      ) : null}
      {exported.citations.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">인용 판례</h3>
          <ol className="mt-1 list-decimal pl-6" data-testid="print-citations">
            {exported.citations.map((c) => (
              <li key={c.citation}>
                {c.href ? <a href={absolute(c.href, origin)}>{c.citation}</a> : c.citation}
                {c.caseName ? ` (${c.caseName})` : ""}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </>
  );
}

export function PrintSheet({ id, exported, origin }: { id: string; exported: AnswerExport; origin?: string }) {
  return (
    <section
      id={id}
      data-print-block=""
      data-print-on-demand=""
      data-testid="print-sheet"
      className="mx-auto max-w-3xl text-[11pt] leading-relaxed"
    >
      <h1 className="font-serif text-xl font-semibold">판례 리서치 답변</h1>
      <p className="text-right text-xs text-muted">
        {[formatKoreanDate(new Date(), "long"), exported.strategy ? `전략: ${exported.strategy}` : ""]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <h2 className={H2}>질문</h2>
      <p className="mt-1 whitespace-pre-wrap">{exported.question}</p>
      <h2 className={H2}>답변</h2>
      <AnswerBody exported={exported} origin={origin} />
      {exported.citations.some((c) => c.passages.length > 0) ? (
        <div data-copy="skip">
          <h2 className={H2}>인용된 부분</h2>
          {exported.citations.map((c) => (
            <div key={c.citation} className="mt-2 break-inside-avoid-page">
              <h3 className="font-semibold">{c.citation}</h3>
              {c.passages.map((p) => (
                <div key={p.id} className="mt-1 border-l-2 border-line pl-3">
                  <p className="text-xs text-muted">【{p.section}】</p>
                  <p className="whitespace-pre-wrap text-[10pt]">
                    <PassageText text={p.text} support={p.support} />
                  </p>
                </div>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** Every question and answer of a chat, in order — what the chat prints (Ctrl+P or 대화 전체 인쇄). */
export function ConversationSheet({
  id,
  conversation,
  origin,
}: {
  id: string;
  conversation: ConversationExport;
  origin?: string;
}) {
  return (
    <section
      id={id}
      data-print-block=""
      data-testid="print-conversation"
      className="mx-auto max-w-3xl text-[11pt] leading-relaxed"
    >
      <h1 className="font-serif text-xl font-semibold">{conversation.title || "판례 리서치 대화"}</h1>
      <p className="text-right text-xs text-muted">
        {formatKoreanDate(new Date(), "long")} · 질문 {conversation.turns.length}개
      </p>
      {conversation.turns.map((turn, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: turns only grow at the end
        <article key={i} data-testid="print-turn" className="mt-4">
          <h2 className={H2}>질문 {i + 1}</h2>
          <p className="mt-1 whitespace-pre-wrap">{turn.question}</p>
          {turn.strategy ? <p className="text-xs text-muted">전략: {turn.strategy}</p> : null}
          <h3 className="mt-2 font-semibold">답변</h3>
          <AnswerBody exported={turn} origin={origin} />
        </article>
      ))}
    </section>
  );
}

function PassageText({ text, support }: { text: string; support: Range[] }) {
  const out: React.ReactNode[] = [];
  let at = 0;
  for (const r of [...support].sort((a, b) => a.start - b.start)) {
    if (r.start > at) out.push(text.slice(at, r.start));
    out.push(
      <mark key={r.start} className="bg-amber-200 font-semibold">
        {text.slice(Math.max(at, r.start), r.end)}
      </mark>,
    );
    at = Math.max(at, r.end);
  }
  if (at < text.length) out.push(text.slice(at));
  return <>{out}</>;
}
