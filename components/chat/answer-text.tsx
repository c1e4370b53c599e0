import Link from "next/link";
import type { AnswerRecord } from "@/lib/chat/types";
import { citationHrefs } from "@/lib/precedent/links";

// Links into the viewer are built in lib/precedent/links.ts (each citation opens its own passage).
export { precedentHref } from "@/lib/precedent/links";

/**
 * The answer text. While it streams it is plain text; once done, every case number checked
 * against the retrieved passages is a link, and one that is not there is flagged, never linked.
 */
export function AnswerText({ text, record, chatId }: { text: string; record?: AnswerRecord; chatId?: string }) {
  if (!record) return <div className="whitespace-pre-wrap leading-relaxed">{text}</div>;
  const hrefs = citationHrefs(record, { chatId });
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
        return (
          <Link
            key={key}
            href={hrefs[i] ?? "#"}
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
