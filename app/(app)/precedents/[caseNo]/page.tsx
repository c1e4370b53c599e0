import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { z } from "zod";
import { BookmarkButton } from "@/components/bookmarks/bookmark-button";
import { BackToAnswer } from "@/components/precedent/back-to-answer";
import { CitationGraph, OverruledBanner } from "@/components/precedent/citation-graph";
import { CopyButton } from "@/components/precedent/copy-button";
import type { PassageNotes } from "@/components/precedent/passage-context";
import { viewerGraph } from "@/lib/citations/graph";
import { findDocumentsForCaseNo } from "@/lib/db/case-lookup";
import { atomsOf, chunksWithContexts } from "@/lib/enrich/contexts";
import { filesDir } from "@/lib/env";
import { logError } from "@/lib/errors";
import { formatCitation } from "@/lib/export/citation";
import { decisionFile } from "@/lib/ingest/decision-archive";
import { viewerPage } from "@/lib/precedent/viewer-client";
import { startMarksBackfill } from "@/lib/search/marks-backfill";
import { safeExternalHref } from "@/lib/security/safe-url";
import { getStore } from "@/lib/store";
import { formatKoreanDate } from "@/lib/util/korean-time";
import { decodePathSegment } from "@/lib/util/path-segment";
import { requirePageUser } from "../../../(auth)/auth";
import { type LinkParams, PartBody, type PartResult, PartToc } from "./decision-part";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ caseNo: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Everything in the address is optional and only steers what is shown; anything odd is dropped.
const Query = z.object({
  corpus: z.string().max(64).optional().catch(undefined),
  hl: z.string().max(2000).optional().catch(undefined),
  /** Of `hl`, the passages the answer cited: tinted with the first; the others plain. */
  u: z.string().max(2000).optional().catch(undefined),
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
async function loadPart(file: string, request: Parameters<typeof viewerPage>[1]): Promise<PartResult> {
  try {
    return await viewerPage(file, request);
  } catch (error) {
    logError(error);
    return "failed";
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodePathSegment((await params).caseNo) };
}

export default async function PrecedentPage({ params, searchParams }: Props) {
  await requirePageUser();
  const caseNo = decodePathSegment((await params).caseNo);
  const query = Query.parse(await searchParams);
  const { corpus, hl, u, s, v: verdict, c: claim, from } = query;
  // A citation found unsupported opens its passage, but nothing in it is shown as support.
  const hint = verdict === "unsupported" ? undefined : s;
  const docs = await findDocumentsForCaseNo(caseNo);
  const doc = docs.find((d) => d.corpusId === corpus) ?? docs[0];
  if (!doc) notFound();
  // The linked passage first: it is the one the supporting sentence is looked for in.
  const ids = (hl ?? "").split(",").filter(Boolean).slice(0, 50);
  // Only the linked chunks: a very large decision has tens of thousands.
  const passages = await (await getStore()).getChunks(doc.corpusId, doc.caseNo, ids);
  const used = new Set((u ?? "").split(",").filter(Boolean));
  // Read, marked and cut into parts in the viewer's worker: only one bounded part comes back here,
  // and the page around it is sent without waiting for it (PartBody streams in).
  const part = loadPart(decisionFile(filesDir(), doc.corpusId, doc.caseNo), {
    passages: passages.map((p) => ({ id: p.id, section: p.section, text: p.text, used: used.has(p.id) })),
    hint,
    page: query.p,
  });
  const linkParams: LinkParams = { corpus, hl, u, s, v: verdict, c: claim, from };
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
  const citation = formatCitation(doc);
  const graph = await viewerGraph(doc);
  // 원심판결, linked when a corpus holds it; marks not read yet are read in the background.
  if (doc.enBanc === null) void startMarksBackfill(filesDir());
  const lower = doc.lowerCaseNo ? (await findDocumentsForCaseNo(doc.lowerCaseNo))[0] : undefined;
  const similarHref = `/search/similar?${new URLSearchParams({ case: doc.caseNo, corpus: doc.corpusId })}`;
  const sourceHref = safeExternalHref(doc.sourceUrl);

  return (
    <main
      className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 p-4 sm:p-6 lg:flex-row"
      data-testid="precedent-page"
    >
      <Suspense fallback={null}>
        <PartToc part={part} params={linkParams} />
      </Suspense>
      <article className="min-w-0 flex-1">
        {/* Stays in view while the decision scrolls: which case, back to the answer, copy its citation. */}
        <div
          className="sticky top-0 z-20 -mx-4 flex h-12 items-center gap-3 border-b border-line bg-paper/95 px-4 backdrop-blur sm:-mx-6 sm:px-6 print:static"
          data-testid="precedent-header"
        >
          <BackToAnswer chatId={from} />
          <h1 className="min-w-0 flex-1 truncate font-serif text-base font-semibold sm:text-xl" title={doc.caseName}>
            <span data-testid="precedent-case-no">{doc.caseNo}</span>{" "}
            <span className="font-normal">{doc.caseName}</span>
          </h1>
          <CopyButton text={citation} label="인용 복사" testId="copy-citation" />
        </div>
        <p className="mt-3 text-sm text-muted">
          {doc.court} · {formatKoreanDate(doc.decisionDate) || doc.decisionDate} 선고 · {doc.caseType} · 말뭉치{" "}
          {doc.corpus.name}
          {doc.enBanc ? (
            <span className="ml-2 rounded bg-accent-soft px-1 text-accent" data-testid="precedent-en-banc">
              전원합의체
            </span>
          ) : null}
        </p>
        <BookmarkButton
          caseNo={doc.caseNo}
          corpusId={doc.corpusId}
          caseName={doc.caseName}
          court={doc.court}
          decisionDate={doc.decisionDate}
        />
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span data-testid="formatted-citation">{citation}</span>
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
        {doc.lowerCaseNo ? (
          <p className="mt-1 text-sm" data-testid="precedent-lower">
            <span className="text-muted">원심판결: </span>
            {[doc.lowerCourt, doc.lowerDate && `${formatKoreanDate(doc.lowerDate) || doc.lowerDate} 선고`]
              .filter(Boolean)
              .join(" ")}{" "}
            {lower ? (
              <Link
                href={`/precedents/${encodeURIComponent(lower.caseNo)}?${new URLSearchParams({ corpus: lower.corpusId })}`}
                className="font-mono text-accent underline"
                data-testid="precedent-lower-link"
              >
                {doc.lowerCaseNo}
              </Link>
            ) : (
              <span className="font-mono">{doc.lowerCaseNo}</span>
            )}{" "}
            판결
          </p>
        ) : null}
        <p className="mt-1 text-sm">
          <Link href={similarHref} className="text-accent underline" data-testid="precedent-similar">
            비슷한 판례
          </Link>
        </p>
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
        <Suspense
          fallback={
            <p className="mt-6 text-sm text-muted" role="status" data-testid="precedent-loading">
              판결문을 여는 중입니다…
            </p>
          }
        >
          <PartBody
            part={part}
            params={linkParams}
            doc={{ caseNo: doc.caseNo, corpusId: doc.corpusId, decisionDate: doc.decisionDate }}
            passageId={passages[0]?.id}
            linked={ids.length > 0}
            verdict={verdict}
            answer={verdict ? claim : hint}
            citation={citation}
            notes={notes}
            findQuery={query.find}
          />
        </Suspense>
        <CitationGraph graph={graph} />
      </article>
    </main>
  );
}
