import Link from "next/link";
import { precedentHref } from "@/lib/chat/citation-links";
import type { AnswerRecord } from "@/lib/chat/types";
import type { DeclineInfo } from "@/lib/rag/decline";
import { caseNumbersMatch } from "@/lib/text/case-number";

/**
 * A declined answer: the corpus does not settle the question. Instead of a confident conclusion
 * the lawyer reads why, and the closest precedents to read for themselves.
 */
export function DeclineCallout({
  decline,
  record,
  chatId,
}: {
  decline: DeclineInfo;
  record: AnswerRecord;
  chatId?: string;
}) {
  const links = decline.closest.flatMap((caseNo) => {
    const chunk = record.context.find((c) => caseNumbersMatch(c.chunk.caseNo, caseNo))?.chunk;
    return chunk ? [{ caseNo, href: precedentHref(chunk.caseNo, chunk.corpusId, [chunk.id], { chatId }) }] : [];
  });
  return (
    <div
      role="note"
      className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="answer-declined"
      data-stage={decline.stage}
    >
      <p className="font-semibold">검색된 판례로는 이 질문이 해결되지 않습니다.</p>
      <p className="mt-1 text-xs">{decline.message}</p>
      {links.length > 0 ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-xs">
          <span>가장 가까운 판례:</span>
          {links.map((l) => (
            <Link
              key={l.caseNo}
              href={l.href}
              className="rounded bg-white px-1.5 py-0.5 font-mono text-accent ring-1 ring-amber-200 hover:underline"
              data-testid="declined-closest"
            >
              {l.caseNo}
            </Link>
          ))}
        </p>
      ) : null}
    </div>
  );
}
