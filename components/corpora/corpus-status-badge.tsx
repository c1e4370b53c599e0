const LABELS: Record<string, { text: string; className: string }> = {
  empty: { text: "비어 있음", className: "bg-stone-100 text-stone-700" },
  indexing: { text: "색인 중", className: "bg-sky-100 text-sky-800" },
  ready: { text: "검색 가능", className: "bg-emerald-100 text-emerald-800" },
  failed: { text: "실패", className: "bg-red-100 text-red-800" },
};

export function CorpusStatusBadge({
  status,
  sparseOnly,
  staleIndex = false,
}: {
  status: string;
  sparseOnly: boolean;
  /** Indexed with another tokenizer version: search refuses it until it is indexed again. */
  staleIndex?: boolean;
}) {
  const label = LABELS[status] ?? { text: status, className: "bg-stone-100 text-stone-700" };
  return (
    <span className="inline-flex gap-1">
      <span className={`rounded px-1.5 py-0.5 text-xs ${label.className}`} data-testid="corpus-status">
        {label.text}
      </span>
      {sparseOnly ? (
        <span
          className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900"
          title="임베딩 없이 색인되어 키워드(BM25) 검색만 됩니다."
        >
          BM25 전용
        </span>
      ) : null}
      {staleIndex ? (
        <span
          className="rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800"
          title="검색 방식이 바뀌어 이 말뭉치는 다시 색인해야 검색됩니다."
          data-testid="corpus-stale-index"
        >
          다시 색인 필요
        </span>
      ) : null}
    </span>
  );
}
