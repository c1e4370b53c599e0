import Link from "next/link";
import { dotted } from "@/lib/brief/report-text";
import {
  type BriefCitation,
  type BriefCitationStatus,
  type BriefReport,
  type BriefSuggestion,
  NOT_FOUND_NOTE,
  STATUS_LABELS,
  STATUTE_CHECKED_NOTE,
  STATUTE_NOTE,
} from "@/lib/brief/types";
import { VERDICT_LABEL } from "@/lib/rag/support/types";

/**
 * A 서면 검증 report on screen — the same for a check just run and a saved one (/brief/[id]): counts
 * per status, then the citations in the draft's order (인용 / 상태 / 문장 / 근거, the Word file's
 * columns and wording, lib/brief/report-text.ts), the statutes, 함께 검토할 판례 and the notes.
 * Wide tables scroll inside their own box, so a phone never scrolls the page sideways.
 */

const ORDER: BriefCitationStatus[] = ["found", "date_mismatch", "court_mismatch", "not_found"];
const BADGE: Record<BriefCitationStatus, string> = {
  found: "bg-emerald-50 text-emerald-800",
  date_mismatch: "bg-amber-50 text-amber-900",
  court_mismatch: "bg-amber-50 text-amber-900",
  not_found: "bg-stone-100 text-stone-800",
};
const VERDICT_STYLE = { supported: "text-emerald-800", partly: "text-amber-800", unsupported: "text-red-700" };
const TH = "border-b border-line px-3 py-2 text-left font-semibold";
const TD = "border-b border-line px-3 py-2 align-top";

function Citation({ c }: { c: BriefCitation }) {
  return (
    <>
      {c.url && c.status !== "not_found" ? (
        <Link href={c.url} className="font-medium text-accent underline" data-testid="brief-link">
          {c.foundCaseNo ?? c.caseNo}
        </Link>
      ) : (
        <span className="font-medium">{c.caseNo}</span>
      )}
      {c.caseName ? <span className="block text-xs text-muted">{c.caseName}</span> : null}
      <span className="mt-1 block text-xs text-muted">{c.text}</span>
    </>
  );
}

function Status({ c }: { c: BriefCitation }) {
  return (
    <div className="space-y-1">
      <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${BADGE[c.status]}`}>
        {STATUS_LABELS[c.status]}
      </span>
      {c.status === "date_mismatch" ? (
        <p className="text-xs">
          서면 {dotted(c.date)} · 판례 {dotted(c.foundDate)}
        </p>
      ) : null}
      {c.status === "court_mismatch" ? (
        <p className="text-xs">
          서면 {c.court} · 판례 {c.foundCourt}
        </p>
      ) : null}
      {c.overruled ? (
        <p className="text-xs font-medium text-red-700" data-testid="brief-overruled">
          변경된 판례: {c.overruled}
        </p>
      ) : null}
      {c.enBanc ? (
        <span className="inline-block rounded border border-line px-1.5 text-xs" data-testid="brief-en-banc">
          전원합의체
        </span>
      ) : null}
    </div>
  );
}

function Ground({ c }: { c: BriefCitation }) {
  if (c.status === "not_found") return <p className="text-xs text-muted">{NOT_FOUND_NOTE}</p>;
  if (!c.support) return <p className="text-xs text-muted">근거를 확인하지 못했습니다.</p>;
  return (
    <div className="space-y-1 text-xs" data-testid="brief-support" data-verdict={c.support.verdict}>
      <p>
        <strong className={VERDICT_STYLE[c.support.verdict]}>{VERDICT_LABEL[c.support.verdict]}</strong> —{" "}
        {c.support.reason}
      </p>
      {c.support.quote ? (
        <blockquote className="border-l-2 border-line pl-2 text-muted">“{c.support.quote}”</blockquote>
      ) : null}
    </div>
  );
}

function Suggestions({ suggestions }: { suggestions: BriefSuggestion[] }) {
  const sections = new Map<number, BriefSuggestion[]>();
  for (const s of suggestions) sections.set(s.section, [...(sections.get(s.section) ?? []), s]);
  return (
    <section className="space-y-3" data-testid="brief-suggestions">
      <h2 className="font-semibold">함께 검토할 판례</h2>
      <p className="text-xs text-muted">서면의 각 부분과 낱말이 겹치지만 서면이 인용하지 않은 판례입니다.</p>
      {[...sections.values()].map((items) => (
        <div key={items[0]?.section} className="space-y-1">
          <h3 className="text-sm font-medium">‘{items[0]?.sectionStart}…’ 부분</h3>
          <ul className="space-y-1 text-sm">
            {items.map((s) => (
              <li key={`${s.corpusId}|${s.caseNo}`} data-testid="brief-suggestion">
                <Link href={s.url} className="text-accent underline">
                  {s.court} {dotted(s.decisionDate)} {s.caseNo}
                </Link>{" "}
                {s.caseName}
                <span className="ml-1 inline-flex flex-wrap gap-1 align-middle">
                  {s.sharedTerms.map((t) => (
                    <span key={t} className="rounded-full bg-accent-soft px-2 text-xs text-accent">
                      {t}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** One cited article: linked when its statute has it, marked when it does not, listed otherwise. */
function StatuteItem({ s }: { s: BriefReport["statutes"][number] }) {
  const label = [s.former ? "구" : "", s.law, s.article, s.paragraph].filter(Boolean).join(" ");
  const tone = s.exists === false ? "border-red-200 bg-red-50 text-red-900" : "border-line bg-white";
  return (
    <li
      className={`rounded border px-2 py-0.5 ${tone}`}
      data-testid="brief-statute"
      data-exists={s.exists === undefined ? undefined : String(s.exists)}
    >
      {s.exists && s.url ? (
        <Link href={s.url} className="text-accent underline" data-testid="brief-statute-link">
          {label}
        </Link>
      ) : (
        label
      )}
      {s.note ? <span className="ml-1 text-xs">: {s.note}</span> : null}
    </li>
  );
}

export function BriefReportView({ report }: { report: BriefReport }) {
  const { citations, statutes, suggestions, notes } = report;
  return (
    <section className="min-w-0 space-y-5" data-testid="brief-report" aria-label="검증 결과">
      <ul className="flex flex-wrap gap-2 text-sm" data-testid="brief-counts">
        <li className="rounded border border-line bg-white px-2 py-1">인용 {citations.length}건</li>
        {ORDER.map((status) => (
          <li
            key={status}
            className={`rounded px-2 py-1 ${BADGE[status]}`}
            data-testid="brief-count"
            data-status={status}
          >
            {STATUS_LABELS[status]} {citations.filter((c) => c.status === status).length}
          </li>
        ))}
      </ul>
      {citations.length === 0 ? (
        <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="brief-empty">
          서면에서 판례 인용을 찾지 못했습니다. 사건번호(예: 2098다1001)가 들어 있는지 확인해 주세요.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-white" data-testid="brief-table">
          <table className="w-full min-w-[44rem] border-collapse text-sm">
            <thead className="bg-paper">
              <tr>
                <th className={`${TH} w-44`}>인용</th>
                <th className={`${TH} w-40`}>상태</th>
                <th className={TH}>문장</th>
                <th className={`${TH} w-72`}>근거</th>
              </tr>
            </thead>
            <tbody>
              {citations.map((c) => (
                <tr
                  key={`${c.start}|${c.caseNo}`}
                  data-testid="brief-row"
                  data-status={c.status}
                  data-case-no={c.caseNo}
                >
                  <td className={TD}>
                    <Citation c={c} />
                  </td>
                  <td className={TD}>
                    <Status c={c} />
                  </td>
                  <td className={`${TD} whitespace-pre-wrap`}>{c.sentence}</td>
                  <td className={TD}>
                    <Ground c={c} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {statutes.length > 0 ? (
        <section className="space-y-1" data-testid="brief-statutes">
          <h2 className="font-semibold">인용된 조문</h2>
          <p className="text-xs text-muted">
            {statutes.some((s) => s.exists !== undefined) ? STATUTE_CHECKED_NOTE : STATUTE_NOTE}
          </p>
          <ul className="flex flex-wrap gap-2 text-sm">
            {statutes.map((s) => (
              <StatuteItem key={`${s.start}|${s.article}`} s={s} />
            ))}
          </ul>
        </section>
      ) : null}
      {suggestions.length > 0 ? <Suggestions suggestions={suggestions} /> : null}
      {notes.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-xs text-muted" data-testid="brief-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
