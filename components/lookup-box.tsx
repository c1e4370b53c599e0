/**
 * Opens a decision by 사건번호 ("94므833", joined "94므826, 833", a pasted citation "대법원 1995. 2. 3.
 * 선고 94다42778 판결", several at once) or finds decisions by 사건명.
 * A plain GET form: it works before any script has loaded.
 */
export function LookupBox({ defaultValue = "", autoFocus = false }: { defaultValue?: string; autoFocus?: boolean }) {
  return (
    <search className="min-w-0">
      <form action="/lookup" method="get" className="flex min-w-0 items-center gap-1">
        <input
          type="search"
          name="q"
          defaultValue={defaultValue}
          // biome-ignore lint/a11y/noAutofocus: the lookup page exists to type into this box
          autoFocus={autoFocus}
          required
          maxLength={1000}
          placeholder="사건번호·사건명으로 판례 찾기"
          aria-label="사건번호 또는 사건명"
          data-testid="lookup-input"
          className="w-full min-w-0 rounded-md border border-line bg-white px-2 py-1 text-sm outline-none focus:border-accent"
        />
        <button
          type="submit"
          data-testid="lookup-submit"
          className="shrink-0 rounded-md border border-line px-2 py-1 text-sm text-muted hover:text-ink"
        >
          찾기
        </button>
      </form>
    </search>
  );
}
