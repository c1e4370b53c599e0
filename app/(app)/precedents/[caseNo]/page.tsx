import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { BookmarkButton } from "@/components/bookmarks/bookmark-button";
import { BackToAnswer } from "@/components/precedent/back-to-answer";
import { CitationGraph, OverruledBanner } from "@/components/precedent/citation-graph";
import { CopyButton } from "@/components/precedent/copy-button";
import { DecisionPager } from "@/components/precedent/decision-pager";
import { DecisionText } from "@/components/precedent/decision-text";
import { DecisionToc } from "@/components/precedent/decision-toc";
import { FindInDecision } from "@/components/precedent/find-in-decision";
import { PassageContext, type PassageNotes } from "@/components/precedent/passage-context";
import { ReferenceChips } from "@/components/precedent/reference-chips";
import { SupportCallout } from "@/components/precedent/support-callout";
import { viewerGraph } from "@/lib/citations/graph";
import { findDocumentsForCaseNo } from "@/lib/db/case-lookup";
import { atomsOf, chunksWithContexts } from "@/lib/enrich/contexts";
import { filesDir } from "@/lib/env";
import { logError } from "@/lib/errors";
import { formatCitation } from "@/lib/export/citation";
import { decisionFile } from "@/lib/ingest/decision-archive";
import type { DecisionPage } from "@/lib/precedent/decision-page";
import { viewerPage } from "@/lib/precedent/viewer-client";
import { safeExternalHref } from "@/lib/security/safe-url";
import { getStore } from "@/lib/store";
import { requirePageUser } from "../../../(auth)/auth";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ caseNo: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Everything in the address is optional and only steers what is shown; anything odd is dropped.
const Query = z.object({
  corpus: z.string().max(64).optional().catch(undefined),
  hl: z.string().max(2000).optional().catch(undefined),
  s: z.string().max(1000).optional().catch(undefined),
  /** The support check's verdict on the citation followed here; `s` is then the decision's own sentence. */
  v: z.enum(["supported", "partly", "unsupported"]).optional().catch(undefined),
  /** The answer's sentence that citation was checked for. */
  c: z.string().max(1000).optional().catch(undefined),
  from: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional()
    .catch(undefined),
  /** The part of a long decision to show (1-based); absent: the one with the linked passage. */
  p: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
  /** Words to find on arrival (from "found in part N" of the find bar). */
  find: z.string().max(200).optional().catch(undefined),
});

/** The viewer's part, or why it cannot be shown (the worker stopped): the page still opens. */
async function loadPart(
  file: string,
  request: Parameters<typeof viewerPage>[1],
): Promise<DecisionPage | null | "failed"> {
  try {
    return await viewerPage(file, request);
  } catch (error) {
    logError(error);
    return "failed";
  }
}

// A stray "%" in the address must not turn into a server error.
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decoded((await params).caseNo) };
}

export default async function PrecedentPage({ params, searchParams }: Props) {
  await requirePageUser();
  const caseNo = decoded((await params).caseNo);
  const query = Query.parse(await searchParams);
  const { corpus, hl, s, v: verdict, c: claim, from } = query;
  // A citation found unsupported opens its passage, but nothing in it is shown as support.
  const hint = verdict === "unsupported" ? undefined : s;
  const docs = await findDocumentsForCaseNo(caseNo);
  const doc = docs.find((d) => d.corpusId === corpus) ?? docs[0];
  if (!doc) notFound();
  // The linked passage first: it is the one the supporting sentence is looked for in.
  const ids = (hl ?? "").split(",").filter(Boolean).slice(0, 50);
  // Only the linked chunks: a very large decision has tens of thousands.
  const passages = await (await getStore()).getChunks(doc.corpusId, doc.caseNo, ids);
  // Read, marked and cut into parts in the viewer's worker: only one bounded part comes back here.
  const part = await loadPart(decisionFile(filesDir(), doc.corpusId, doc.caseNo), {
    passages: passages.map((p) => ({ id: p.id, section: p.section, text: p.text })),
    hint,
    page: query.p,
  });
  const view = part === "failed" ? undefined : (part ?? undefined);
  // Links to another part keep everything else the address says (the passages, the answer).
  const partHref = (page: number, hash = "") => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ corpus, hl, s, v: verdict, c: claim, from })) {
      if (value) params.set(key, value);
    }
    params.set("p", String(page));
    return `?${params.toString()}${hash ? `#${hash}` : ""}`;
  };
  const hrefOn = (page: number | undefined, id: string) =>
    !view || page === undefined || page === view.page ? `#${id}` : partHref(page, id);
  // Enrichment's notes on the linked passages, shown beside the decision (never in its text).
  const [withContext, atoms] = await Promise.all([
    chunksWithContexts(passages),
    atomsOf(
      doc.corpusId,
      passages.map((p) => p.id),
    ),
  ]);
  const notes: PassageNotes[] = withContext.map((c) => ({
    id: c.id,
    section: c.section,
    context: c.context,
    questions: atoms.get(c.id) ?? [],
  }));
  const references = view?.references ?? [];
  const parts = references.flatMap((r) => r.parts);
  const found = await Promise.all(parts.map((p) => findDocumentsForCaseNo(p)));
  const known = new Set(parts.filter((_, i) => (found[i]?.length ?? 0) > 0));
  const citation = formatCitation(doc);
  const graph = await viewerGraph(doc);
  const sourceHref = safeExternalHref(doc.sourceUrl);

  return (
    <main
      className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 p-4 sm:p-6 lg:flex-row"
      data-testid="precedent-page"
    >
      {view ? <DecisionToc entries={view.toc} hrefOf={(entry) => hrefOn(entry.page, entry.id)} /> : null}
      <article className="min-w-0 flex-1">
        <BackToAnswer chatId={from} />
        <p className="mt-2 text-sm text-muted">
          {doc.court} · {doc.decisionDate} 선고 · {doc.caseType} · 말뭉치 {doc.corpus.name}
        </p>
        <h1 className="mt-1 font-serif text-2xl font-semibold">
          <span data-testid="precedent-case-no">{doc.caseNo}</span> <span className="font-normal">{doc.caseName}</span>
        </h1>
        <BookmarkButton
          caseNo={doc.caseNo}
          corpusId={doc.corpusId}
          caseName={doc.caseName}
          court={doc.court}
          decisionDate={doc.decisionDate}
        />
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span data-testid="formatted-citation">{citation}</span>
          <CopyButton text={citation} label="인용 복사" testId="copy-citation" />
          {sourceHref ? (
            <a
              href={sourceHref}
              target="_blank"
              rel="noreferrer noopener"
              className="text-accent underline"
              data-testid="precedent-source"
            >
              원문 출처
            </a>
          ) : doc.sourceUrl ? (
            // Not an http(s) URL (imported data decides it): shown, never linked.
            <span className="break-all text-muted" data-testid="precedent-source-text">
              원문 출처: {doc.sourceUrl}
            </span>
          ) : null}
        </div>
        <OverruledBanner caseNo={doc.caseNo} graph={graph} />
        {verdict === "unsupported" ? (
          <p
            role="note"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
            data-testid="support-unsupported"
          >
            <span className="font-semibold">근거 없음:</span> 이 판례의 검색된 구절은 답변의 문장
            {claim ? `(“${claim}”)` : ""}을 뒷받침하지 않는 것으로 판정되었습니다. 표시된 부분은 답변이 받은 구절일 뿐,
            근거가 아닙니다.
          </p>
        ) : null}
        {view?.supportText ? (
          <SupportCallout
            sentence={view.supportText}
            answer={verdict ? claim : hint}
            verdict={verdict}
            citation={citation}
            href={hrefOn(view.passagePage, `passage-${passages[0]?.id ?? ""}`)}
          />
        ) : ids.length > 0 && view && !view.passageFound ? (
          <p className="mt-4 rounded bg-amber-50 p-3 text-sm text-amber-900">
            답변에 쓰인 구절을 이 판례의 현재 본문에서 찾지 못했습니다. 말뭉치가 다시 색인되었을 수 있습니다.
          </p>
        ) : null}
        <PassageContext notes={notes} hrefOf={(id) => hrefOn(view?.passagePages[id], `passage-${id}`)} />
        {part === "failed" ? (
          <p className="mt-6 rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="precedent-unavailable">
            판례 원문을 지금 열 수 없습니다. 잠시 후 다시 시도해 주세요.
          </p>
        ) : !view ? (
          <p className="mt-6 rounded bg-amber-50 p-3 text-sm text-amber-900">
            이 판례의 원문 보관본이 없습니다. 말뭉치를 다시 색인하면 볼 수 있습니다.
          </p>
        ) : (
          <>
            <div className="mt-4">
              <FindInDecision
                rootId="decision-body"
                initialQuery={query.find}
                parts={
                  view.pageCount > 1
                    ? { caseNo: doc.caseNo, corpusId: doc.corpusId, page: view.page, hrefBase: partHref(1) }
                    : undefined
                }
              />
            </div>
            <DecisionPager part={view} hrefOf={(page) => partHref(page)} place="top" />
            <div id="decision-body" className="mt-4 space-y-6">
              {view.sections.map((section) => (
                <section key={section.name} aria-label={section.name}>
                  <h2
                    id={section.id}
                    className="mb-2 scroll-mt-20 border-b border-line pb-1 font-serif text-lg font-semibold"
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
                  ) : (
                    <DecisionText marks={section.marks} />
                  )}
                </section>
              ))}
            </div>
            <DecisionPager part={view} hrefOf={(page) => partHref(page)} place="bottom" />
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
          </>
        )}
        <CitationGraph graph={graph} />
      </article>
    </main>
  );
}
