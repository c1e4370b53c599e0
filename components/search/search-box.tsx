import { SlashFocus } from "@/components/a11y/slash-focus";
import type { SearchParams } from "@/lib/search/params";

const KEPT = ["corpus", "level", "court", "type", "years", "enBanc", "lower", "ref", "sort"] as const;

/**
 * The query box: a plain GET form, so the search is its address (shareable; the back button
 * returns to it) and it works before any script has loaded. A new query keeps the chosen filters
 * and the order, and starts again at page 1. What the parser could not read is said beside it.
 */
export function SearchBox({ params, hints }: { params: SearchParams; hints: string[] }) {
  return (
    <search className="space-y-2">
      {/* "/" puts the cursor in the box from anywhere on the page (not while typing in a field). */}
      <SlashFocus testId="search-input" />
      <form action="/search" method="get" className="flex gap-2" data-testid="search-form">
        {KEPT.map((key) => {
          const v = key === "sort" ? (params.sort !== "relevance" ? params.sort : undefined) : params[key];
          return v ? <input key={key} type="hidden" name={key} value={v} /> : null;
        })}
        <input
          type="search"
          name="q"
          defaultValue={params.q}
          maxLength={2000}
          placeholder='예: 손해배상 -형사 "정당한 사유" 사건명:해고'
          aria-label="판례 검색어"
          aria-describedby={hints.length > 0 ? "search-hints" : undefined}
          data-testid="search-input"
          aria-keyshortcuts="/"
          className="min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 outline-none focus:border-accent"
        />
        <button
          type="submit"
          data-testid="search-submit"
          className="shrink-0 rounded-md bg-accent px-4 py-2 text-white hover:opacity-90"
        >
          검색
        </button>
      </form>
      {hints.length > 0 ? (
        <ul
          id="search-hints"
          role="note"
          className="space-y-1 rounded-md bg-amber-50 p-2 text-sm text-amber-900"
          data-testid="search-hints"
        >
          {hints.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      ) : null}
      <details className="text-sm text-muted" data-testid="search-help">
        <summary className="cursor-pointer select-none">검색식 쓰는 법</summary>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>낱말을 띄어 쓰면 모두 들어 있는 판례를 찾습니다: 임대차 보증금</li>
          <li>OR: 어느 하나라도 들어 있으면 찾습니다: 사기 OR 횡령</li>
          <li>-낱말: 그 낱말이 든 판례를 뺍니다: 손해배상 -형사</li>
          <li>&quot;구절&quot;: 구절이 그대로 든 판례만 찾습니다: &quot;정당한 사유&quot;</li>
          <li>사건명:, 판시사항:, 판결요지:, 참조조문:, 법원: 그 자리에서만 찾습니다: 참조조문:제750조</li>
          <li>사건번호(예: 2009다228)를 넣으면 그 판례가 맨 위에 나옵니다.</li>
        </ul>
      </details>
    </search>
  );
}
