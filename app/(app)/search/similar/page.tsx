import type { Metadata } from "next";
import Link from "next/link";
import { SimilarForm, SimilarList } from "@/components/search/similar-form";
import { findDocumentsForCaseNo } from "@/lib/db/case-lookup";
import { logError } from "@/lib/errors";
import { passageOfDecision, searchDeps } from "@/lib/search/deps";
import { SIMILAR_MAX_CHARS, type SimilarHit, similarDecisions } from "@/lib/search/similar";
import { requirePageUser } from "../../../(auth)/auth";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "비슷한 판례" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v.slice(0, 200) : undefined);

/** The decisions alike one decision (from the viewer's "비슷한 판례"), by its 판시사항 and 판결요지. */
async function alikeDecision(caseNo: string, corpus?: string) {
  const docs = await findDocumentsForCaseNo(caseNo);
  const doc = docs.find((d) => d.corpusId === corpus) ?? docs[0];
  if (!doc) return undefined;
  try {
    const deps = await searchDeps();
    const passage = await passageOfDecision(deps.store, doc.corpusId, doc.caseNo, SIMILAR_MAX_CHARS);
    const hits = await similarDecisions(passage, { store: deps.store, dense: deps.dense, exclude: doc });
    return { doc, hits };
  } catch (error) {
    logError(error);
    return { doc, hits: "failed" as const };
  }
}

export default async function SimilarPage({ searchParams }: Props) {
  await requirePageUser();
  const sp = await searchParams;
  const caseNo = one(sp.case);
  const found = caseNo ? await alikeDecision(caseNo, one(sp.corpus)) : undefined;
  return (
    <main className="mx-auto w-full max-w-4xl flex-1 space-y-4 p-4 sm:p-6" data-testid="similar-page">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="font-serif text-2xl font-semibold">비슷한 판례</h1>
        <Link href="/search" className="text-sm text-accent underline">
          낱말로 검색하기
        </Link>
      </div>
      {caseNo && !found ? (
        <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="similar-none">
          ‘{caseNo}’ 판례를 가져온 말뭉치에서 찾지 못했습니다.
        </p>
      ) : null}
      {found ? (
        <section className="space-y-2">
          <p className="text-sm text-muted" data-testid="similar-of">
            {found.doc.court} {found.doc.caseNo} {found.doc.caseName}의 판시사항·판결요지와 비슷한 판례입니다.
          </p>
          {found.hits === "failed" ? (
            <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-900">
              지금은 찾지 못했습니다. 잠시 후 다시 시도해 주세요.
            </p>
          ) : (
            <SimilarList hits={found.hits as SimilarHit[]} />
          )}
        </section>
      ) : (
        <SimilarForm max={SIMILAR_MAX_CHARS} />
      )}
    </main>
  );
}
