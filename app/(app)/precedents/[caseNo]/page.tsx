import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BookmarkButton } from "@/components/bookmarks/bookmark-button";
import { findDocumentsByCaseNo } from "@/lib/db/corpora";
import { env } from "@/lib/env";
import { loadDecisionRecord } from "@/lib/ingest/decision-archive";
import { SECTIONS } from "@/lib/ingest/types";
import { highlightSegments, referencedCaseNumbers } from "@/lib/rag/highlight";
import { safeExternalHref } from "@/lib/security/safe-url";
import { getStore } from "@/lib/store";
import { requirePageUser } from "../../../(auth)/auth";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ caseNo: string }>; searchParams: Promise<{ corpus?: string; hl?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).caseNo) };
}

export default async function PrecedentPage({ params, searchParams }: Props) {
  await requirePageUser();
  const caseNo = decodeURIComponent((await params).caseNo);
  const { corpus, hl } = await searchParams;
  const docs = await findDocumentsByCaseNo(caseNo);
  const doc = docs.find((d) => d.corpusId === corpus) ?? docs[0];
  if (!doc) notFound();
  const record = loadDecisionRecord(env().DATA_DIR, doc.corpusId, doc.caseNo);
  const highlightIds = new Set((hl ?? "").split(",").filter(Boolean));
  const chunks = highlightIds.size ? await (await getStore()).getDocumentChunks(doc.corpusId, doc.caseNo) : [];
  const passages = chunks.filter((c) => highlightIds.has(c.id));
  const references = referencedCaseNumbers(record?.참조판례 ?? "");
  const known = new Set(
    (await Promise.all(references.map((r) => findDocumentsByCaseNo(r)))).flatMap((found, i) =>
      found.length ? [references[i] as string] : [],
    ),
  );

  const sourceHref = safeExternalHref(doc.sourceUrl);

  return (
    <main className="mx-auto w-full max-w-4xl flex-1 p-6" data-testid="precedent-page">
      <p className="text-sm text-muted">
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
      {sourceHref ? (
        <a
          href={sourceHref}
          target="_blank"
          rel="noreferrer noopener"
          className="text-sm text-accent underline"
          data-testid="precedent-source"
        >
          원문 출처
        </a>
      ) : doc.sourceUrl ? (
        // Not an http(s) URL (imported data decides it): shown, never linked.
        <p className="break-all text-sm text-muted" data-testid="precedent-source-text">
          원문 출처: {doc.sourceUrl}
        </p>
      ) : null}
      {!record ? (
        <p className="mt-6 rounded bg-amber-50 p-3 text-sm text-amber-900">
          이 판례의 원문 보관본이 없습니다. 말뭉치를 다시 색인하면 볼 수 있습니다.
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          {SECTIONS.filter((s) => record[s]).map((section) => (
            <section key={section} aria-labelledby={`section-${section}`}>
              <h2 id={`section-${section}`} className="mb-2 border-b border-line pb-1 font-serif text-lg font-semibold">
                {section}
              </h2>
              {section === "참조판례" ? (
                <div className="space-y-2 text-sm">
                  <p className="whitespace-pre-wrap leading-relaxed">{record[section]}</p>
                  {references.length > 0 ? (
                    <ul className="flex flex-wrap gap-2" data-testid="references">
                      {references.map((r) =>
                        known.has(r) ? (
                          <li key={r}>
                            <Link
                              href={`/precedents/${encodeURIComponent(r)}`}
                              className="rounded bg-accent-soft px-1.5 py-0.5 font-mono text-accent hover:underline"
                            >
                              {r}
                            </Link>
                          </li>
                        ) : (
                          <li
                            key={r}
                            className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-muted"
                            title="말뭉치에 없는 판례"
                          >
                            {r}
                          </li>
                        ),
                      )}
                    </ul>
                  ) : null}
                </div>
              ) : (
                <p className="whitespace-pre-wrap leading-relaxed">
                  {highlightSegments(record[section] ?? "", passages).map((seg) =>
                    seg.chunkId ? (
                      <mark
                        key={seg.start}
                        id={`passage-${seg.chunkId}`}
                        data-testid="highlighted-passage"
                        className="scroll-mt-20 rounded bg-yellow-100 px-0.5"
                      >
                        {seg.text}
                      </mark>
                    ) : (
                      <span key={seg.start}>{seg.text}</span>
                    ),
                  )}
                </p>
              )}
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
