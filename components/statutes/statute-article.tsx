import Link from "next/link";
import type { findArticle } from "@/lib/statutes/lookup";
import { statuteHref } from "@/lib/statutes/ref-parts";
import { formatKoreanDate } from "@/lib/util/korean-time";

type Article = NonNullable<Awaited<ReturnType<typeof findArticle>>>;

const date = (d: string) => formatKoreanDate(d) || d;

/** How far a line of an article sits in: 항 (①) at the margin, 호 ("1.") and 목 ("가.") further in. */
function indentOf(line: string): string {
  if (/^\s*[가-하]\.\s/u.test(line)) return "pl-8";
  if (/^\s*\d+(의\d+)?\.\s/u.test(line)) return "pl-4";
  return "";
}

/**
 * One article as the statute has it now: number, title, its 항·호 lines, 시행일자, the articles
 * before and after it, and the earlier 시행일자 of the statute that were imported.
 */
export function StatuteArticle({ article, history }: { article: Article; history: string[] }) {
  const earlier = history.filter((d) => d !== article.effectiveDate);
  const lines = article.text.split("\n").filter((l) => l.trim());
  return (
    <article className="space-y-4" data-testid="statute-article">
      <header className="space-y-1">
        <p className="text-sm text-muted">{article.law}</p>
        <h1 className="font-serif text-2xl font-semibold" data-testid="statute-heading">
          {article.law} {article.number}
          {article.title ? <span className="font-normal">({article.title})</span> : null}
        </h1>
        <p className="text-sm text-muted" data-testid="statute-effective">
          시행일자 {date(article.effectiveDate)} (현행)
        </p>
      </header>
      <div className="space-y-1 rounded-lg border border-line bg-white p-4 leading-relaxed" data-testid="statute-text">
        {lines.map((line, i) => (
          // The lines of one article never reorder: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <p key={i} className={indentOf(line)}>
            {line.trim()}
          </p>
        ))}
      </div>
      <nav className="flex flex-wrap justify-between gap-2 text-sm" aria-label="앞뒤 조문">
        {article.prev ? (
          <Link
            href={statuteHref(article.law, article.prev.number)}
            className="text-accent underline"
            data-testid="statute-prev"
          >
            ← {article.prev.number}
            {article.prev.title ? `(${article.prev.title})` : ""}
          </Link>
        ) : (
          <span />
        )}
        {article.next ? (
          <Link
            href={statuteHref(article.law, article.next.number)}
            className="text-accent underline"
            data-testid="statute-next"
          >
            {article.next.number}
            {article.next.title ? `(${article.next.title})` : ""} →
          </Link>
        ) : null}
      </nav>
      <p className="text-xs text-muted" data-testid="statute-history">
        {earlier.length > 0
          ? `가져온 이전 시행일자: ${earlier.map(date).join(", ")}. 이 화면은 현행 조문입니다.`
          : "가져온 이전 시행일자가 없습니다. 이 화면은 현행 조문입니다."}
      </p>
    </article>
  );
}
