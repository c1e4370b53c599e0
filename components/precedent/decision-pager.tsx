import type { DecisionPage } from "@/lib/precedent/decision-page";
import { ProgressBar } from "../progress-bar";

/**
 * Moving through a decision shown in parts (lib/precedent/pages.ts): where this part sits in the
 * whole (printed with it, so a printed part says what it is), the previous and next parts, and the
 * parts nearby. Plain links: they work from the keyboard, without JavaScript, and in a new tab.
 * Nothing is shown for a decision of one part.
 */
export function DecisionPager({
  part,
  hrefOf,
  place,
}: {
  part: Pick<DecisionPage, "page" | "pageCount" | "from" | "to" | "total">;
  hrefOf: (page: number) => string;
  place: "top" | "bottom";
}) {
  const { page, pageCount, from, to, total } = part;
  if (pageCount <= 1) return null;
  const percent = Math.round((to / Math.max(1, total)) * 100);
  const near = [page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pageCount);
  const link = "rounded border border-line bg-white px-2 py-1 hover:border-accent hover:text-accent";
  const number = (n: number) => n.toLocaleString("ko-KR");
  return (
    <div className="mt-4 space-y-2 text-sm" data-testid={`decision-pager-${place}`}>
      <p className="text-muted" data-testid="pager-position">
        긴 판결문이라 나누어 보여 드립니다: 전체 {number(pageCount)}부분 중 {number(page)}번째 부분 ({number(from + 1)}–
        {number(to)}번째 글자, 전체 {number(total)}자 중 {percent}%까지)
      </p>
      <ProgressBar percent={percent} label="판결문에서 지금 보는 위치" />
      <nav aria-label="판결문 부분 이동" className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <>
            <a href={hrefOf(1)} className={link} data-testid="pager-first">
              처음 부분
            </a>
            <a href={hrefOf(page - 1)} rel="prev" className={link} data-testid="pager-prev">
              ← 이전 부분 보기
            </a>
          </>
        ) : null}
        {near.map((n) =>
          n === page ? (
            <span key={n} aria-current="page" className="rounded bg-accent px-2 py-1 text-white">
              {number(n)}
            </span>
          ) : (
            <a key={n} href={hrefOf(n)} className={link} aria-label={`${number(n)}번째 부분`}>
              {number(n)}
            </a>
          ),
        )}
        {page < pageCount ? (
          <>
            <a href={hrefOf(page + 1)} rel="next" className={link} data-testid="pager-next">
              다음 부분 보기 →
            </a>
            <a href={hrefOf(pageCount)} className={link} data-testid="pager-last">
              마지막 부분
            </a>
          </>
        ) : null}
      </nav>
    </div>
  );
}
