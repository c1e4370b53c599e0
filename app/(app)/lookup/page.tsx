import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LookupBox } from "@/components/lookup-box";
import { lookup } from "@/lib/db/decision-lookup";
import { decisionKey } from "@/lib/text/decision-key";
import { requirePageUser } from "../../(auth)/auth";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "판례 찾기" };

const precedentPath = (caseNo: string, corpusId: string) =>
  `/precedents/${encodeURIComponent(caseNo)}?${new URLSearchParams({ corpus: corpusId })}`;

/** Looks a decision up by 사건번호 or 사건명: one decision opens at once, several are listed. */
export default async function LookupPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  await requirePageUser();
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const { exact, hits, missing, problem } = q
    ? await lookup(q)
    : { exact: false, hits: [], missing: [], problem: undefined };
  const only = hits[0];
  // The number of one decision (perhaps held by several corpora): open it.
  if (exact && only && new Set(hits.map(decisionKey)).size === 1) redirect(precedentPath(only.caseNo, only.corpusId));
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 space-y-4 p-4 sm:p-6" data-testid="lookup-page">
      <h1 className="font-serif text-2xl font-semibold">판례 찾기</h1>
      <LookupBox defaultValue={q} autoFocus={!q} />
      <p className="text-sm text-muted">
        사건번호(예: 94므833, 2009 다 228)나 판결문에 적힌 인용(예: 대법원 1995. 2. 3. 선고 94다42778 판결)을 넣으면 그
        판례를 바로 엽니다. 여러 사건번호를 한꺼번에 넣으면 모두 보여 줍니다. 사건명의 일부로도 찾을 수 있습니다.
      </p>
      {problem ? (
        <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="lookup-problem">
          {problem}
        </p>
      ) : null}
      {q && hits.length === 0 ? (
        <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="lookup-none">
          ‘{q}’에 맞는 판례를 가져온 말뭉치에서 찾지 못했습니다.
        </p>
      ) : null}
      {exact && missing.length > 0 ? (
        <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="lookup-missing">
          가져온 말뭉치에 없는 사건번호: {missing.join(", ")}
        </p>
      ) : null}
      {hits.length > 0 && !exact && missing.length > 0 ? (
        <p className="text-sm text-muted" data-testid="lookup-near">
          ‘{missing.join(", ")}’ 사건번호의 판례는 없습니다. 번호가 비슷한 판례입니다.
        </p>
      ) : null}
      {hits.length > 0 ? (
        <ul className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="lookup-results">
          {hits.map((h) => (
            <li key={`${h.corpusId}|${h.caseNo}`} className="p-3">
              <Link
                href={precedentPath(h.caseNo, h.corpusId)}
                className="font-mono font-medium text-accent hover:underline"
                data-testid="lookup-result"
              >
                {h.caseNo}
              </Link>{" "}
              <span>{h.caseName}</span>
              <p className="text-xs text-muted">
                {[h.court, h.decisionDate && `${h.decisionDate} 선고`, h.caseType, `말뭉치 ${h.corpusName}`]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
