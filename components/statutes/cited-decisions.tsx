import Link from "next/link";
import { searchHref } from "@/lib/search/params";
import type { citedPage } from "@/lib/statutes/cited-page";
import { formatKoreanDate } from "@/lib/util/korean-time";

type Cited = Awaited<ReturnType<typeof citedPage>>;

const pageHref = (page: number, order: "new" | "old") =>
  `?${new URLSearchParams({ ...(order === "old" ? { order } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;

/** "이 조문을 인용한 판례": how many, and a page of them, newest first or oldest first. */
export function CitedDecisions({
  law,
  article,
  cited,
  order,
}: {
  law: string;
  article: string;
  cited: Cited;
  order: "new" | "old";
}) {
  return (
    <section className="space-y-3" aria-labelledby="cited-heading" data-testid="statute-cited">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="cited-heading" className="font-serif text-lg font-semibold">
          이 조문을 인용한 판례{" "}
          <span className="text-base font-normal text-muted" data-testid="statute-cited-total">
            {cited.total.toLocaleString("ko-KR")}건
          </span>
        </h2>
        {cited.total > 1 ? (
          <nav className="flex gap-2 text-sm" aria-label="정렬">
            {(["new", "old"] as const).map((o) => (
              <Link
                key={o}
                href={pageHref(1, o)}
                aria-current={o === order ? "true" : undefined}
                className={o === order ? "font-semibold text-ink" : "text-accent underline"}
                data-testid={`statute-cited-order-${o}`}
              >
                {o === "new" ? "최신순" : "오래된순"}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      {cited.total > 0 ? (
        // The same decisions on 판례 검색, with its filters, counts and every order.
        <Link
          href={searchHref({ ref: `${law} ${article}` })}
          className="inline-block text-sm text-accent underline"
          data-testid="statute-cited-search"
        >
          판례 검색에서 보기
        </Link>
      ) : null}
      {cited.total === 0 ? (
        <p className="text-sm text-muted">
          가져온 판례 중 {law} {article}를 참조조문에 적은 판례가 없습니다.
        </p>
      ) : (
        <ol className="divide-y divide-line rounded-lg border border-line bg-white">
          {cited.decisions.map((d) => (
            <li key={`${d.corpusId}|${d.caseNo}`} className="p-3 text-sm" data-testid="statute-cited-decision">
              <Link
                href={`/precedents/${encodeURIComponent(d.caseNo)}?${new URLSearchParams({ corpus: d.corpusId })}`}
                className="font-mono text-accent underline"
                data-testid="statute-cited-link"
                data-case-no={d.caseNo}
              >
                {d.caseNo}
              </Link>{" "}
              <span>{d.caseName}</span>
              <span className="block text-muted">
                {d.court} · {formatKoreanDate(d.decisionDate) || d.decisionDate} 선고
              </span>
            </li>
          ))}
        </ol>
      )}
      {cited.pages > 1 ? (
        <nav className="flex items-center justify-center gap-3 text-sm" aria-label="쪽">
          {cited.page > 1 ? (
            <Link
              href={pageHref(cited.page - 1, order)}
              className="text-accent underline"
              data-testid="statute-cited-prev"
            >
              이전
            </Link>
          ) : null}
          <span>
            {cited.page} / {cited.pages}쪽
          </span>
          {cited.page < cited.pages ? (
            <Link
              href={pageHref(cited.page + 1, order)}
              className="text-accent underline"
              data-testid="statute-cited-next"
            >
              다음
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
