import type { Metadata } from "next";
import { BriefDesk } from "@/components/brief/brief-desk";
import { BriefSavedList } from "@/components/brief/brief-saved-list";
import { aiConfig, configuredComponents } from "@/lib/ai/config";
import { listBriefReports } from "@/lib/brief/history";
import { listMatters } from "@/lib/db/matters";
import { requirePageUser } from "../../(auth)/auth";

export const metadata: Metadata = { title: "서면 검증" };
export const dynamic = "force-dynamic";

/** 서면 검증: a lawyer's own draft, its citations checked against the firm's corpora. */
export default async function BriefPage() {
  const user = await requirePageUser();
  const [saved, matters] = await Promise.all([listBriefReports(user), listMatters(user.id)]);
  return (
    <main className="mx-auto w-full min-w-0 max-w-6xl flex-1 space-y-6 p-4 sm:p-6" data-testid="brief-page">
      <div data-print="hide">
        <h1 className="font-serif text-2xl font-semibold">서면 검증</h1>
        <p className="mt-1 text-sm text-muted">
          준비서면이나 의견서가 인용한 판례를 말뭉치와 맞춰 봅니다: 사건번호가 있는지, 법원과 선고일이 맞는지, 변경된
          판례인지, 인용한 문장이 판례의 내용과 맞는지.
        </p>
      </div>
      <BriefDesk llmAvailable={configuredComponents(aiConfig()).llm} matters={matters} />
      <BriefSavedList saved={saved} />
    </main>
  );
}
