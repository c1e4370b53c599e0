import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CorpusActions } from "@/components/corpora/corpus-actions";
import { CorpusStatusBadge } from "@/components/corpora/corpus-status-badge";
import { DeleteDecisionButton } from "@/components/corpora/delete-decision-button";
import { EnrichmentPanel } from "@/components/corpora/enrichment-panel";
import { InterruptedJobs } from "@/components/corpora/interrupted-jobs";
import type { JobView } from "@/components/corpora/job-progress";
import { UploadPanel } from "@/components/corpora/upload-panel";
import { getCorpus, listDocuments } from "@/lib/db/corpora";
import { INGEST_KINDS, type JobRecord, listInterruptedJobs, listJobs, sweepStaleJobs } from "@/lib/db/jobs";
import { corpusEnrichmentView } from "@/lib/enrich/view";
import { env } from "@/lib/env";
import { staleCorpora } from "@/lib/rag/index-version";
import { requirePageAdmin } from "../../../../(auth)/auth";

export const metadata: Metadata = { title: "말뭉치" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;
const number = new Intl.NumberFormat("ko-KR");

/** What the client components get of a job (no server paths or owner hosts). */
function toView(job: JobRecord): JobView {
  const {
    inputDir: _i,
    owner: _o,
    heartbeatAt: _h,
    queueJobId: _q,
    finishedAt: _f,
    createdAt: _c,
    updatedAt: _u,
    ...rest
  } = job;
  return { ...rest, startedAt: job.startedAt?.toISOString() ?? null };
}

export default async function CorpusPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ q?: string; page?: string }>;
}) {
  await requirePageAdmin();
  const { id } = await params;
  const { q, page } = await searchParams;
  const corpus = await getCorpus(id);
  if (!corpus) notFound();
  const pageNo = Math.max(1, Number(page) || 1);
  // A job whose process died shows as interrupted (resumable), never as running forever.
  await sweepStaleJobs();
  // Import jobs in the upload panel; enrichment jobs in their own panel.
  const [docs, jobs, interrupted, enrichment] = await Promise.all([
    listDocuments(id, { query: q?.trim() || undefined, skip: (pageNo - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    listJobs(id, 1, undefined, INGEST_KINDS),
    listInterruptedJobs(id, undefined, INGEST_KINDS),
    corpusEnrichmentView(id),
  ]);
  const settings = env();
  const latest = jobs[0];
  const pages = Math.max(1, Math.ceil(docs.total / PAGE_SIZE));
  const pageHref = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;

  return (
    <main className="flex flex-1 flex-col gap-6 p-6 lg:flex-row">
      <section className="min-w-0 flex-1">
        <nav className="mb-2 text-sm text-muted">
          <Link href="/admin/corpora" className="hover:underline">
            말뭉치
          </Link>{" "}
          / {corpus.name}
        </nav>
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-2xl font-semibold" data-testid="corpus-title">
            {corpus.name}
          </h1>
          <CorpusStatusBadge
            status={corpus.status}
            sparseOnly={corpus.sparseOnly}
            staleIndex={staleCorpora([corpus]).length > 0}
          />
          <span className="text-sm text-muted" data-testid="corpus-counts">
            판례 {number.format(corpus.documentCount)}건 · 청크 {number.format(corpus.chunkCount)}개
          </span>
        </div>
        <search className="mb-3">
          <form className="flex gap-2">
            <input
              name="q"
              defaultValue={q}
              placeholder="사건번호 또는 사건명으로 찾기"
              aria-label="문서 검색"
              className="w-72 rounded-md border border-line bg-white px-3 py-1.5 text-sm"
              data-testid="documents-search"
            />
            <button type="submit" className="rounded-md border border-line bg-white px-3 py-1.5 text-sm">
              찾기
            </button>
          </form>
        </search>
        {docs.total === 0 ? (
          <p
            className="rounded-xl border border-dashed border-line bg-white p-8 text-center text-muted"
            data-testid="documents-empty"
          >
            {q ? "찾는 문서가 없습니다." : "아직 색인된 판례가 없습니다. 오른쪽에서 파일을 올리세요."}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-line bg-white">
            <table className="w-full text-sm" data-testid="documents-table">
              <thead className="bg-paper text-left text-muted">
                <tr>
                  <th className="px-3 py-2 font-medium">사건번호</th>
                  <th className="px-3 py-2 font-medium">사건명</th>
                  <th className="px-3 py-2 font-medium">법원</th>
                  <th className="px-3 py-2 font-medium">선고일</th>
                  <th className="px-3 py-2 font-medium">종류</th>
                  <th className="px-3 py-2 text-right font-medium">청크</th>
                  <th className="px-3 py-2">
                    <span className="sr-only">삭제</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {docs.rows.map((d) => (
                  <tr key={d.id} className="border-t border-line">
                    <td className="whitespace-nowrap px-3 py-2 font-mono">{d.caseNo}</td>
                    <td className="px-3 py-2">{d.caseName}</td>
                    <td className="whitespace-nowrap px-3 py-2">{d.court}</td>
                    <td className="whitespace-nowrap px-3 py-2 tabular-nums">{d.decisionDate}</td>
                    <td className="whitespace-nowrap px-3 py-2">{d.caseType}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{d.chunkCount}</td>
                    <td className="px-1 py-1 text-right">
                      <DeleteDecisionButton corpusId={corpus.id} caseNo={d.caseNo} caseName={d.caseName} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav className="mt-3 flex items-center gap-3 text-sm" aria-label="페이지">
            {pageNo > 1 ? <Link href={pageHref(pageNo - 1)}>← 이전</Link> : null}
            <span className="text-muted">
              {pageNo} / {pages} 쪽 (총 {number.format(docs.total)}건)
            </span>
            {pageNo < pages ? <Link href={pageHref(pageNo + 1)}>다음 →</Link> : null}
          </nav>
        ) : null}
      </section>
      <div className="w-full space-y-4 lg:w-96">
        <UploadPanel
          key={latest?.id ?? "none"}
          corpusId={corpus.id}
          maxBytes={settings.UPLOAD_MAX_MB * 1_048_576}
          maxFiles={settings.UPLOAD_MAX_FILES}
          initialJob={latest ? toView(latest) : null}
        />
        <InterruptedJobs corpusId={corpus.id} jobs={interrupted.filter((j) => j.id !== latest?.id).map(toView)} />
        {corpus.documentCount > 0 ? <EnrichmentPanel corpusId={corpus.id} view={enrichment} /> : null}
        <CorpusActions corpusId={corpus.id} corpusName={corpus.name} canReindex={corpus.documentCount > 0} />
      </div>
    </main>
  );
}
