import { type SupportVerdict, VERDICT_LABEL } from "@/lib/rag/support/types";
import { CopyButton } from "./copy-button";

/** Above the decision: what the answer said, and the decision's sentence(s) that support it. */
export function SupportCallout({
  sentence,
  answer,
  citation,
  href,
  verdict,
}: {
  sentence: string;
  answer?: string;
  citation: string;
  /** Where the sentence is in the text: "#passage-…", or another part's address. */
  href: string;
  /** The support check's verdict, when the sentence is the one it verified. */
  verdict?: SupportVerdict;
}) {
  return (
    <div
      role="note"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="support-callout"
      data-verdict={verdict}
    >
      <p className="text-xs font-semibold text-amber-900">
        답변을 뒷받침하는 문장{verdict ? ` · 인용 검증: ${VERDICT_LABEL[verdict]}` : ""}
      </p>
      <blockquote className="mt-1 font-serif leading-relaxed">“{sentence}”</blockquote>
      {answer ? <p className="mt-2 text-xs text-muted">답변: {answer}</p> : null}
      <div className="mt-2 flex gap-2" data-print="hide">
        <a href={href} className="text-xs text-accent hover:underline">
          본문에서 보기
        </a>
        <CopyButton text={`“${sentence}” (${citation})`} label="문장과 인용 복사" testId="copy-support" />
      </div>
    </div>
  );
}
