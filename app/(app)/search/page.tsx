import type { Metadata } from "next";
import Link from "next/link";
import { FacetPanel } from "@/components/search/facet-panel";
import { SearchBox } from "@/components/search/search-box";
import { SearchHit } from "@/components/search/search-hit";
import { logError, toAppError } from "@/lib/errors";
import { askHref } from "@/lib/search/chat-link";
import { searchDeps } from "@/lib/search/deps";
import { chosenFilters, facetGroups } from "@/lib/search/facet-links";
import { parseSearchParams, type SearchParams, SORT_LABELS, SORTS, searchHref } from "@/lib/search/params";
import { type SearchResult, searchDecisions } from "@/lib/search/search";
import { requirePageUser } from "../../(auth)/auth";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "판례 검색" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Never an error page: a failed search says so beside the box, which keeps the query. */
async function run(params: SearchParams): Promise<SearchResult | { failed: string }> {
  try {
    return await searchDecisions(params, await searchDeps());
  } catch (error) {
    const appError = toAppError(error);
    logError(appError);
    // A corpus to index again is the admin's to fix and says so; anything else, try again later.
    if (appError.code === "search:stale_index") return { failed: appError.userMessage };
    return { failed: "지금은 검색하지 못했습니다. 잠시 후 다시 시도해 주세요. 검색어는 그대로 있습니다." };
  }
}

function Pager({ params, page, pages }: { params: SearchParams; page: number; pages: number }) {
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  const cls = "rounded border border-line px-2.5 py-1 hover:bg-paper";
  return (
    <nav aria-label="페이지" className="flex flex-wrap items-center gap-1 text-sm" data-testid="search-pager">
      {page > 1 ? (
        <Link href={searchHref({ ...params, page: page - 1 })} className={cls} data-testid="page-prev">
          이전
        </Link>
      ) : null}
      {numbers.map((n) => (
        <Link
          key={n}
          href={searchHref({ ...params, page: n })}
          aria-current={n === page ? "page" : undefined}
          className={`${cls} ${n === page ? "bg-accent-soft font-semibold text-accent" : ""}`}
          data-testid="page-number"
        >
          {n}
        </Link>
      ))}
      {page < pages ? (
        <Link href={searchHref({ ...params, page: page + 1 })} className={cls} data-testid="page-next">
          다음
        </Link>
      ) : null}
    </nav>
  );
}

export default async function SearchPage({ searchParams }: Props) {
  await requirePageUser();
  const params = parseSearchParams(await searchParams);
  const asked = params.q.trim() !== "" || chosenFilters(params) > 0;
  const result = asked ? await run(params) : undefined;
  const ok = result && !("failed" in result) ? result : undefined;
  const failed = result && "failed" in result ? result.failed : undefined;
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 space-y-4 p-4 sm:p-6" data-testid="search-page">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="font-serif text-2xl font-semibold">판례 검색</h1>
        <Link href="/search/similar" className="text-sm text-accent underline" data-testid="nav-similar">
          글로 비슷한 판례 찾기
        </Link>
      </div>
      <SearchBox params={params} hints={ok?.parsed.hints ?? []} />
      {failed ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-900" data-testid="search-failed">
          {failed}
        </p>
      ) : null}
      {ok ? (
        <div className="flex flex-col gap-4 lg:flex-row">
          <FacetPanel groups={facetGroups(ok.facets, params)} chosen={chosenFilters(params)} />
          <section className="min-w-0 flex-1 space-y-3" aria-label="검색 결과">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p data-testid="search-total">
                판례 {ok.exact ? "" : "약 "}
                <strong>{ok.total.toLocaleString("ko-KR")}</strong>건{ok.exact ? "" : " (어림한 수입니다)"}
                {ok.pages > 1 ? ` · ${ok.page}/${ok.pages}쪽` : ""}
              </p>
              <nav aria-label="정렬" className="flex flex-wrap gap-2" data-testid="search-sort">
                {SORTS.map((s) => (
                  <Link
                    key={s}
                    href={searchHref({ ...params, sort: s, page: 1 })}
                    aria-current={params.sort === s ? "true" : undefined}
                    className={params.sort === s ? "font-semibold text-accent" : "text-muted hover:text-ink"}
                    data-testid={`sort-${s}`}
                  >
                    {SORT_LABELS[s]}
                  </Link>
                ))}
              </nav>
            </div>
            <Link
              href={askHref(params)}
              className="inline-block rounded-md border border-line bg-white px-3 py-1.5 text-sm hover:bg-paper"
              data-testid="ask-with-filters"
            >
              이 조건으로 질문하기
            </Link>
            {ok.hits.length === 0 ? (
              <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="search-none">
                맞는 판례가 없습니다. 낱말을 줄이거나 필터를 해제해 보세요.
              </p>
            ) : (
              <ol className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="search-results">
                {ok.hits.map((h) => (
                  <SearchHit key={`${h.corpusId}|${h.caseNo}`} hit={h} />
                ))}
              </ol>
            )}
            <Pager params={params} page={ok.page} pages={ok.pages} />
          </section>
        </div>
      ) : null}
    </main>
  );
}
