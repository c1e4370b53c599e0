import Link from "next/link";
import type { AnswerRecord } from "@/lib/chat/types";

/** Where a citation leads: the decision, with the passage the answer used highlighted. */
export function precedentHref(caseNo: string, corpusId: string, chunkIds: string[]): string {
  const params = new URLSearchParams({ corpus: corpusId, hl: chunkIds.join(",") });
  return `/precedents/${encodeURIComponent(caseNo)}?${params}#passage-${chunkIds[0] ?? ""}`;
}

/**
 * The answer text. While it streams it is plain text; once done, every case number checked
 * against the retrieved passages is a link, and one that is not there is flagged, never linked.
 */
export function AnswerText({ text, record }: { text: string; record?: AnswerRecord }) {
  if (!record) return <div className="whitespace-pre-wrap leading-relaxed">{text}</div>;
  const corpusOf = new Map(record.context.map(({ chunk }) => [chunk.id, chunk]));
  return (
    <div className="whitespace-pre-wrap leading-relaxed" data-testid="answer-text">
      {record.parts.map((part, i) => {
        const key = `${i}-${part.text}`;
        if (part.type === "text") return <span key={key}>{part.text}</span>;
        if (!part.valid) {
          return (
            <span
              key={key}
              data-testid="citation-unverified"
              title="검색된 판례에 없는 사건번호입니다. 답변의 이 부분은 확인이 필요합니다."
              className="rounded bg-amber-100 px-0.5 text-amber-900 underline decoration-amber-600 decoration-wavy"
            >
              {part.text}⚠
            </span>
          );
        }
        const chunk = corpusOf.get(part.chunkId);
        return (
          <Link
            key={key}
            href={precedentHref(chunk?.caseNo ?? part.caseNo, chunk?.corpusId ?? "", [part.chunkId])}
            data-testid="citation-link"
            className="rounded bg-accent-soft px-0.5 font-medium text-accent underline-offset-2 hover:underline"
          >
            {part.text}
          </Link>
        );
      })}
    </div>
  );
}
