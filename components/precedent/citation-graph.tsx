import { Flag } from "lucide-react";
import Link from "next/link";
import type { GraphLink, ViewerGraph } from "@/lib/citations/graph";
import { describeOverruling, SCOPE_LABEL } from "@/lib/text/citation-types";

const dateText = (date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  return y && m && d ? `${y}. ${m}. ${d}.` : "";
};

function CaseLink({ link, testId }: { link: GraphLink; testId: string }) {
  const label = [link.court, dateText(link.date), link.caseNo].filter(Boolean).join(" ");
  return link.corpusId ? (
    <Link
      href={`/precedents/${encodeURIComponent(link.caseNo)}?corpus=${encodeURIComponent(link.corpusId)}`}
      className="text-accent hover:underline"
      data-testid={testId}
      data-case-no={link.caseNo}
    >
      {label}
    </Link>
  ) : (
    <span
      className="text-muted"
      data-testid={`${testId}-missing`}
      data-case-no={link.caseNo}
      title="말뭉치에 없는 판례"
    >
      {label}
    </span>
  );
}

/** A red flag at the top of an overruled decision, naming the later decision(s). */
export function OverruledBanner({ caseNo, graph }: { caseNo: string; graph: ViewerGraph }) {
  if (graph.overruledBy.length === 0) return null;
  return (
    <div
      role="alert"
      className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      data-testid="viewer-overruled"
    >
      <p className="font-semibold">
        <Flag aria-hidden="true" className="inline size-3.5 align-[-2px]" />{" "}
        {graph.overruledBy[0]?.scope === "partial" ? "일부 변경된 판례" : "변경된 판례"}입니다
      </p>
      <p className="mt-1">
        {caseNo}은(는){" "}
        {graph.overruledBy.map((b, i) => (
          <span key={`${b.court}|${b.caseNo}`}>
            {i > 0 ? ", " : ""}
            {b.corpusId ? (
              <Link
                href={`/precedents/${encodeURIComponent(b.caseNo)}?corpus=${encodeURIComponent(b.corpusId)}`}
                className="font-medium underline"
              >
                {describeOverruling(b)}
              </Link>
            ) : (
              describeOverruling(b)
            )}
            ({SCOPE_LABEL[b.scope]})
          </span>
        ))}
        로 변경되었습니다. 현재의 법리로 인용하기 전에 변경한 판결을 확인하세요.
      </p>
    </div>
  );
}

/** "참조 판례" (what it cites), "이 판례를 인용한 판례" (within the firm's corpora), and what it overruled. */
export function CitationGraph({ graph }: { graph: ViewerGraph }) {
  return (
    <section
      className="mt-6 space-y-4 rounded-lg border border-line bg-white p-3 text-sm"
      data-testid="citation-graph"
      data-find-skip
    >
      <div>
        <h2 className="font-serif text-base font-semibold">이 판례를 인용한 판례 ({graph.citedBy.length}건)</h2>
        {graph.citedBy.length ? (
          <ul className="mt-1 space-y-0.5" data-testid="graph-cited-by">
            {graph.citedBy.map((c) => (
              <li key={`${c.court}|${c.caseNo}`}>
                <CaseLink link={c} testId="cited-by-link" />{" "}
                {c.caseName ? <span className="text-muted">{c.caseName}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-xs text-muted">말뭉치 안에서 이 판례를 인용한 판례가 없습니다.</p>
        )}
      </div>
      <div>
        <h2 className="font-serif text-base font-semibold">참조 판례 ({graph.references.length}건)</h2>
        {graph.references.length ? (
          <ul className="mt-1 space-y-0.5" data-testid="graph-references">
            {graph.references.map((r) => (
              <li key={`${r.court}|${r.caseNo}`}>
                <CaseLink link={r} testId="graph-reference-link" />
                {r.enBanc ? <span className="ml-1 text-xs text-muted">전원합의체</span> : null}
                {r.source === "판례내용" ? <span className="ml-1 text-xs text-muted">(판결 이유에서 인용)</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-xs text-muted">이 판례가 인용한 판례가 없습니다.</p>
        )}
      </div>
      {graph.overrules.length ? (
        <div>
          <h2 className="font-serif text-base font-semibold">이 판결로 변경된 판례</h2>
          <ul className="mt-1 space-y-0.5" data-testid="graph-overrules">
            {graph.overrules.map((o) => (
              <li key={`${o.court}|${o.caseNo}`}>
                <CaseLink link={o} testId="graph-overrules-link" />{" "}
                <span className="text-xs text-red-800">({SCOPE_LABEL[o.scope]})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
