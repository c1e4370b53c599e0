import type { AnswerExport } from "@/lib/export/answer-export";
import { type Block, markdownBlocks } from "@/lib/export/markdown-lite";
import type { Range } from "@/lib/text/sentences";

/**
 * An answer laid out for paper (the browser's print → PDF): question, answer, formatted citations
 * and the cited passages with their supporting sentences. Hidden on screen; app/print.css shows
 * only these sheets when printing a chat (and only the chosen one after 인쇄).
 */
export function PrintSheet({ id, exported }: { id: string; exported: AnswerExport }) {
  return (
    <section
      id={id}
      data-print-block=""
      data-testid="print-sheet"
      className="mx-auto max-w-3xl text-[11pt] leading-relaxed"
    >
      <h1 className="font-serif text-xl font-semibold">판례 리서치 답변</h1>
      <h2 className="mt-4 border-b border-line pb-1 font-semibold">질문</h2>
      <p className="mt-1 whitespace-pre-wrap">{exported.question}</p>
      <h2 className="mt-4 border-b border-line pb-1 font-semibold">답변</h2>
      <div className="mt-1 space-y-1">
        {markdownBlocks(exported.answer).map((block) => (
          <AnswerBlock key={block.line} block={block} />
        ))}
      </div>
      {exported.incomplete ? (
        <p className="mt-1 text-sm italic">중단된 답변입니다. 내용이 완결되지 않았을 수 있습니다.</p>
      ) : null}
      {exported.unverified.length > 0 ? (
        <p className="mt-2 text-sm">
          <strong>확인 필요:</strong> 답변의 사건번호 {exported.unverified.join(", ")}은(는) 검색된 판례에 없습니다.
        </p>
      ) : null}
      {exported.citations.length > 0 ? (
        <>
          <h2 className="mt-4 border-b border-line pb-1 font-semibold">인용 판례</h2>
          <ol className="mt-1 list-decimal pl-6" data-testid="print-citations">
            {exported.citations.map((c) => (
              <li key={c.citation}>
                {c.citation}
                {c.caseName ? ` (${c.caseName})` : ""}
              </li>
            ))}
          </ol>
          <h2 className="mt-4 border-b border-line pb-1 font-semibold">인용된 부분</h2>
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
        </>
      ) : null}
    </section>
  );
}

function AnswerBlock({ block }: { block: Block }) {
  let at = 0;
  const runs = block.runs.map((r) => {
    const key = at;
    at += r.text.length;
    return r.bold ? <strong key={key}>{r.text}</strong> : <span key={key}>{r.text}</span>;
  });
  const indent = ["", "pl-5", "pl-10"][Math.min(block.level, 2)];
  if (block.kind === "heading") return <h3 className="mt-2 font-semibold">{runs}</h3>;
  if (block.kind === "bullet") return <p className={indent}>• {runs}</p>;
  if (block.kind === "ordered")
    return (
      <p className={indent}>
        {block.marker} {runs}
      </p>
    );
  if (block.kind === "quote") return <blockquote className="border-l-2 border-line pl-3">{runs}</blockquote>;
  return <p>{runs}</p>;
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
