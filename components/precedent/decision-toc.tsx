import type { PagedTocEntry } from "@/lib/precedent/decision-page";

/**
 * The decision's table of contents: its sections and, inside 판례내용, 주문 and 이유; how many cited
 * passages each holds. A column beside the text on wide screens, a row of links above it on narrow.
 * In a decision shown in parts, an entry on another part opens that part at the entry.
 */
export function DecisionToc({
  entries,
  hrefOf,
}: {
  entries: PagedTocEntry[];
  /** "#id" on this part, another part's address with "#id" otherwise. */
  hrefOf: (entry: PagedTocEntry) => string;
}) {
  return (
    <nav
      aria-label="목차"
      data-testid="precedent-toc"
      className="border-b border-line pb-3 lg:sticky lg:top-16 lg:w-48 lg:shrink-0 lg:self-start lg:border-b-0 lg:pb-0"
    >
      <h2 className="mb-1 text-xs font-semibold text-muted">목차</h2>
      <ol className="flex flex-wrap gap-x-3 gap-y-1 text-sm lg:flex-col">
        {entries.map((entry) => (
          <li key={entry.id} className={entry.level === 2 ? "lg:pl-3" : ""}>
            <a href={hrefOf(entry)} className="text-ink hover:text-accent hover:underline" data-testid="toc-link">
              {entry.label}
            </a>
            {entry.cited > 0 ? (
              <span className="ml-1 rounded bg-amber-100 px-1 text-[11px] text-amber-900" title="답변에 쓰인 구절">
                인용 {entry.cited}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
