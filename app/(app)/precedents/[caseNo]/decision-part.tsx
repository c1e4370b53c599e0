import { DecisionPager } from "@/components/precedent/decision-pager";
import { DecisionText } from "@/components/precedent/decision-text";
import { DecisionToc } from "@/components/precedent/decision-toc";
import { FindInDecision } from "@/components/precedent/find-in-decision";
import { PassageContext, type PassageNotes } from "@/components/precedent/passage-context";
import { ReferenceChips } from "@/components/precedent/reference-chips";
import { ScrollToHash } from "@/components/precedent/scroll-to-hash";
import { StatuteRefsText } from "@/components/precedent/statute-refs";
import { SupportCallout } from "@/components/precedent/support-callout";
import { findDocumentsForCaseNo } from "@/lib/db/case-lookup";
import type { DecisionPage } from "@/lib/precedent/decision-page";
import type { SupportVerdict } from "@/lib/rag/support/types";
import { statutePreviews } from "@/lib/statutes/previews";

/**
 * What the viewer shows of the decision's text, streamed after the page around it: the part comes
 * from the viewer's worker, which on a first open of a very large decision reads and parses it for
 * a second or more. The heading, citation and bookmark show at once meanwhile.
 */

export type PartResult = DecisionPage | null | "failed";

/** The address's parameters a link to another part keeps (the passages, the answer). */
export interface LinkParams {
  corpus?: string;
  hl?: string;
  u?: string;
  s?: string;
  v?: string;
  c?: string;
  from?: string;
}

export function partHref(params: LinkParams, page: number, hash = ""): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  search.set("p", String(page));
  return `?${search.toString()}${hash ? `#${hash}` : ""}`;
}

/** "#id" on the part shown, another part's address with "#id" otherwise. */
const hrefOn = (params: LinkParams, view: DecisionPage, page: number | undefined, id: string) =>
  page === undefined || page === view.page ? `#${id}` : partHref(params, page, id);

export async function PartToc({ part, params }: { part: Promise<PartResult>; params: LinkParams }) {
  const view = await part;
  if (!view || view === "failed") return null;
  return <DecisionToc entries={view.toc} hrefOf={(entry) => hrefOn(params, view, entry.page, entry.id)} />;
}

export async function PartBody({
  part,
  params,
  doc,
  passageId,
  linked,
  verdict,
  answer,
  citation,
  notes,
  findQuery,
}: {
  part: Promise<PartResult>;
  params: LinkParams;
  doc: { caseNo: string; corpusId: string; decisionDate?: string };
  /** The linked passage (the first of `hl`), when it is in the index. */
  passageId?: string;
  /** The address linked passages. */
  linked: boolean;
  verdict?: SupportVerdict;
  answer?: string;
  citation: string;
  notes: PassageNotes[];
  findQuery?: string;
}) {
  const view = await part;
  const references = view && view !== "failed" ? view.references : [];
  const cases = references.flatMap((r) => r.parts);
  const found = await Promise.all(cases.map((p) => findDocumentsForCaseNo(p)));
  const known = new Set(cases.filter((_, i) => (found[i]?.length ?? 0) > 0));
  // Each reference of an imported statute links to its article, with its text at hand: the
  // 참조조문 list and the other sections of this part only (a large decision shows in parts).
  const sectionText = (s: { marks: { text: string }[] }) => s.marks.map((m) => m.text).join("");
  const shown = view && view !== "failed" ? view.sections : [];
  const statutes = await statutePreviews(
    shown.filter((s) => s.name === "참조조문").map(sectionText),
    shown.filter((s) => s.name !== "참조조문" && s.name !== "참조판례").map(sectionText),
  );
  const linkStatutes = statutes.imported.length > 0;
  if (view === "failed") {
    return (
      <p className="mt-6 rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="precedent-unavailable">
        판례 원문을 지금 열 수 없습니다. 잠시 후 다시 시도해 주세요.
      </p>
    );
  }
  return (
    <>
      {view?.supportText ? (
        <SupportCallout
          sentence={view.supportText}
          answer={answer}
          verdict={verdict}
          citation={citation}
          href={hrefOn(params, view, view.passagePage, `passage-${passageId ?? ""}`)}
        />
      ) : linked && view && !view.passageFound ? (
        <p className="mt-4 rounded bg-amber-50 p-3 text-sm text-amber-900">
          답변에 쓰인 구절을 이 판례의 현재 본문에서 찾지 못했습니다. 말뭉치가 다시 색인되었을 수 있습니다.
        </p>
      ) : null}
      <PassageContext
        notes={notes}
        hrefOf={(id) => (view ? hrefOn(params, view, view.passagePages[id], `passage-${id}`) : `#passage-${id}`)}
      />
      {!view ? (
        <p className="mt-6 rounded bg-amber-50 p-3 text-sm text-amber-900">
          이 판례의 원문 보관본이 없습니다. 말뭉치를 다시 색인하면 볼 수 있습니다.
        </p>
      ) : (
        <>
          <div className="mt-4">
            <FindInDecision
              rootId="decision-body"
              initialQuery={findQuery}
              parts={view.pageCount > 1 ? { ...doc, page: view.page, hrefBase: partHref(params, 1) } : undefined}
            />
          </div>
          <DecisionPager part={view} hrefOf={(page) => partHref(params, page)} place="top" />
          <div id="decision-body" className="mt-4 space-y-6">
            {view.sections.map((section) => (
              <section key={section.name} aria-label={section.name}>
                <h2
                  id={section.id}
                  className="mb-2 scroll-mt-28 border-b border-line pb-1 font-serif text-lg font-semibold"
                >
                  {section.name}
                  {section.continued ? (
                    <>
                      {" "}
                      <span className="text-sm font-normal text-muted">(이어서)</span>
                    </>
                  ) : null}
                </h2>
                {section.name === "참조판례" ? (
                  <div className="space-y-2 text-sm">
                    <DecisionText marks={section.marks} />
                    {references.length > 0 ? <ReferenceChips references={references} known={known} /> : null}
                  </div>
                ) : linkStatutes ? (
                  <StatuteRefsText
                    marks={section.marks}
                    decisionDate={doc.decisionDate}
                    running={section.name !== "참조조문"}
                    {...statutes}
                  />
                ) : (
                  <DecisionText marks={section.marks} />
                )}
              </section>
            ))}
          </div>
          <DecisionPager part={view} hrefOf={(page) => partHref(params, page)} place="bottom" />
          <p className="mt-3 text-sm" data-print="hide">
            <a
              href={`/precedents/${encodeURIComponent(doc.caseNo)}/text?corpus=${encodeURIComponent(doc.corpusId)}`}
              className="text-accent underline"
              data-testid="decision-download-text"
              download
            >
              판결문 전체를 텍스트 파일로 내려받기
            </a>
          </p>
          <ScrollToHash />
        </>
      )}
    </>
  );
}
