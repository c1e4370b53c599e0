import { AUDIT_ACTION_LABELS, AUDIT_GROUPS, type AuditQuery, actionsFor } from "@/lib/export/audit-log";

const field = "rounded-md border border-line bg-white px-2 py-1.5 text-sm focus:border-accent focus:outline-none";

/**
 * The audit page's filter: a plain GET form (works without JavaScript; the address is a link an
 * admin can keep or send), and the CSV download of the same rows.
 */
export function AuditFilter({ query, csvHref }: { query: AuditQuery; csvHref: string }) {
  return (
    <form method="get" action="/admin/audit" className="mb-4 flex flex-wrap items-end gap-3" data-testid="audit-filter">
      <label className="flex flex-col gap-1 text-xs text-muted">
        작업
        <select name="action" defaultValue={query.action ?? ""} className={field} data-testid="audit-filter-action">
          <option value="">모든 작업</option>
          {Object.entries(AUDIT_GROUPS).map(([group, label]) => (
            <optgroup key={group} label={label}>
              <option value={group}>{label} 전체</option>
              {(actionsFor(group) ?? []).map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        사용자 (이메일 일부)
        <input name="actor" defaultValue={query.actor ?? ""} className={field} data-testid="audit-filter-actor" />
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        부터
        <input
          type="date"
          name="from"
          defaultValue={query.from ?? ""}
          className={field}
          data-testid="audit-filter-from"
        />
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        까지
        <input type="date" name="to" defaultValue={query.to ?? ""} className={field} data-testid="audit-filter-to" />
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        검색어 (대상, 내용, 주소)
        <input name="q" defaultValue={query.q ?? ""} className={field} data-testid="audit-filter-text" />
      </label>
      <button
        type="submit"
        className="rounded-md bg-accent px-3 py-1.5 text-sm text-white hover:opacity-90"
        data-testid="audit-filter-submit"
      >
        찾기
      </button>
      <a href="/admin/audit" className="py-1.5 text-sm text-muted hover:underline">
        조건 지우기
      </a>
      <a
        href={csvHref}
        download
        className="ml-auto rounded-md border border-line px-3 py-1.5 text-sm hover:bg-paper"
        data-testid="audit-csv"
      >
        CSV로 내려받기
      </a>
    </form>
  );
}
