import type { Metadata } from "next";
import { TokenList } from "@/components/account/token-list";
import { apiTokenRows } from "@/lib/auth/api-token-rows";
import { listEveryApiToken } from "@/lib/auth/api-tokens";
import { requirePageAdmin } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "API 토큰" };
export const dynamic = "force-dynamic";

/** Every user's API tokens: an admin sees who can reach the corpus from outside, and revokes. */
export default async function AdminTokensPage() {
  await requirePageAdmin();
  const rows = apiTokenRows(await listEveryApiToken());
  return (
    <main className="flex-1 space-y-4 p-6">
      <h1 className="font-serif text-2xl font-semibold">API 토큰</h1>
      <p className="max-w-2xl text-sm text-muted">
        사용자들이 만든 개인 API 토큰입니다. 퇴사자나 잃어버린 기기의 토큰은 여기서 폐기하세요. 토큰 사용과 거부는 변경
        기록에 남습니다.
      </p>
      <TokenList rows={rows} showOwner />
    </main>
  );
}
