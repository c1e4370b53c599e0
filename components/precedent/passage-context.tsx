/**
 * What enrichment wrote about the linked passages (lib/enrich): each one's context (contextual
 * retrieval) and the atomic questions it answers. Shown apart from the decision text and marked as
 * machine-written: it helped find the passage, it is not part of the decision and is never quoted.
 */
export interface PassageNotes {
  id: string;
  section: string;
  context?: string;
  questions: string[];
}

export function PassageContext({ notes, hrefOf }: { notes: PassageNotes[]; hrefOf: (id: string) => string }) {
  const shown = notes.filter((n) => n.context || n.questions.length > 0);
  if (shown.length === 0) return null;
  return (
    <aside
      className="mt-4 rounded-lg border border-line bg-paper p-3 text-sm"
      data-testid="passage-context"
      data-print="hide"
    >
      <p className="text-xs font-semibold text-muted">검색을 도운 맥락 (언어 모델이 작성, 판결문의 일부가 아님)</p>
      <ul className="mt-1 space-y-2">
        {shown.map((n) => (
          <li key={n.id} data-testid="passage-context-item">
            <a href={hrefOf(n.id)} className="text-xs text-accent hover:underline">
              {n.section}의 해당 부분
            </a>
            {n.context ? (
              <p className="mt-0.5 text-sm" data-testid="passage-context-text">
                {n.context}
              </p>
            ) : null}
            {n.questions.length > 0 ? (
              <ul className="mt-1 list-disc pl-5 text-xs text-muted" data-testid="passage-atoms">
                {n.questions.map((q) => (
                  <li key={q}>{q}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </aside>
  );
}
