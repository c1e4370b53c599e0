import type { Mark } from "@/lib/precedent/segments";

/**
 * One section's text with the cited passages shown lightly and the supporting sentence(s) strongly;
 * anchors (#passage-…, #part-…) sit exactly where they point.
 */
export function DecisionText({ marks }: { marks: Mark[] }) {
  return (
    <p className="whitespace-pre-wrap leading-relaxed">
      {marks.map((m) => (
        <MarkRun key={m.start} mark={m} />
      ))}
    </p>
  );
}

function MarkRun({ mark }: { mark: Mark }) {
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
          {mark.text}
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
          {mark.text}
        </span>
      </>
    );
  }
  return (
    <>
      {anchors}
      {mark.text}
    </>
  );
}
