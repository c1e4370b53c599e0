import type { ReactNode } from "react";
import type { Mark } from "@/lib/precedent/segments";

/**
 * One section's text with the cited passages shown lightly and the supporting sentence(s) strongly;
 * anchors (#passage-…, #part-…) sit exactly where they point.
 */
export function DecisionText({
  marks,
  renderText,
}: {
  marks: Mark[];
  /** A mark's text as shown (the 참조조문's statute links); its plain text when absent. */
  renderText?: (mark: Mark, index: number) => ReactNode;
}) {
  return (
    <p className="whitespace-pre-wrap leading-relaxed">
      {marks.map((m, i) => (
        <MarkRun key={m.start} mark={m} content={renderText ? renderText(m, i) : m.text} />
      ))}
    </p>
  );
}

function MarkRun({ mark, content }: { mark: Mark; content: ReactNode }) {
  const anchors = mark.anchors?.map((id) => <span key={id} id={id} className="scroll-mt-28" />);
  if (mark.support) {
    return (
      <>
        {anchors}
        <mark
          data-testid="supporting-sentence"
          data-chunk-id={mark.chunkId}
          className="rounded-sm bg-amber-200 px-0.5 text-ink underline decoration-amber-600 decoration-2 underline-offset-4 [box-decoration-break:clone]"
        >
          {content}
        </mark>
      </>
    );
  }
  if (mark.chunkId) {
    return (
      <>
        {anchors}
        <span
          data-testid="highlighted-passage"
          data-chunk-id={mark.chunkId}
          className="bg-accent-soft [box-decoration-break:clone]"
        >
          {content}
        </span>
      </>
    );
  }
  return (
    <>
      {anchors}
      {content}
    </>
  );
}
