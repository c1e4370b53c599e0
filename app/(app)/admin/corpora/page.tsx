import type { Metadata } from "next";
import Link from "next/link";
import { CorpusStatusBadge } from "@/components/corpora/corpus-status-badge";
import { CreateCorpusForm } from "@/components/corpora/create-corpus-form";
import { listCorpora } from "@/lib/db/corpora";
import { staleCorpora } from "@/lib/rag/index-version";
import { requirePageAdmin } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "말뭉치" };
export const dynamic = "force-dynamic";

const number = new Intl.NumberFormat("ko-KR");

export default async function CorporaPage() {
  await requirePageAdmin();
  const corpora = await listCorpora();
  return (
    <main className="flex flex-1 flex-col gap-6 p-6 lg:flex-row">
      <section className="flex-1">
        <h1 className="mb-1 font-serif text-2xl font-semibold">말뭉치</h1>
        <p className="mb-4 text-sm text-muted">판례 묶음을 올려 검색 색인을 만듭니다. 말뭉치마다 따로 관리됩니다.</p>
        {corpora.length === 0 ? (
          <p
            className="rounded-xl border border-dashed border-line bg-white p-8 text-center text-muted"
            data-testid="corpora-empty"
          >
            아직 말뭉치가 없습니다. 오른쪽에서 새 말뭉치를 만든 뒤 판례 파일을 올리세요.
          </p>
        ) : (
          <table
            className="w-full overflow-hidden rounded-xl border border-line bg-white text-sm"
            data-testid="corpora-table"
          >
            <thead className="bg-paper text-left text-muted">
              <tr>
                <th className="px-3 py-2 font-medium">이름</th>
                <th className="px-3 py-2 font-medium">상태</th>
                <th className="px-3 py-2 text-right font-medium">판례</th>
                <th className="px-3 py-2 text-right font-medium">청크</th>
              </tr>
            </thead>
            <tbody>
              {corpora.map((c) => (
                <tr key={c.id} className="border-t border-line">
                  <td className="px-3 py-2">
                    <Link href={`/admin/corpora/${c.id}`} className="font-medium text-accent hover:underline">
                      {c.name}
                    </Link>
                    {c.description ? <span className="ml-2 text-muted">{c.description}</span> : null}
                  </td>
                  <td className="px-3 py-2">
                    <CorpusStatusBadge
                      status={c.status}
                      sparseOnly={c.sparseOnly}
                      staleIndex={staleCorpora([c]).length > 0}
                    />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{number.format(c.documentCount)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{number.format(c.chunkCount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <div className="w-full lg:w-80">
        <CreateCorpusForm />
      </div>
    </main>
  );
}
