import type { Metadata } from "next";
import { CreateTokenForm } from "@/components/account/create-token-form";
import { TokenList } from "@/components/account/token-list";
import { ChangePasswordForm } from "@/components/change-password-form";
import { apiTokenRows } from "@/lib/auth/api-token-rows";
import { listOwnApiTokens } from "@/lib/auth/api-tokens";
import { env } from "@/lib/env";
import { requirePageUser } from "../../(auth)/auth";

export const metadata: Metadata = { title: "계정" };

export default async function AccountPage() {
  const user = await requirePageUser();
  return (
    <main className="flex-1 space-y-6 p-6">
      <h1 className="font-serif text-2xl font-semibold">계정</h1>
      <dl className="grid max-w-sm grid-cols-[6rem_1fr] gap-y-1 text-sm">
        <dt className="text-muted">이름</dt>
        <dd>{user.name}</dd>
        <dt className="text-muted">이메일</dt>
        <dd>{user.email}</dd>
      </dl>
      <ChangePasswordForm />
      <section className="space-y-3" aria-labelledby="api-tokens-heading" data-testid="api-tokens">
        <h2 id="api-tokens-heading" className="font-serif text-lg font-semibold">
          API 토큰
        </h2>
        <p className="max-w-2xl text-sm text-muted">
          사무실의 AI 비서나 문서 시스템이 이 계정으로 판례를 검색하고 질문할 때 쓰는 열쇠입니다. 토큰은 만든 직후 한
          번만 보이며, 필요 없어지면 바로 폐기하세요. 연결 방법은 도움말(API와 MCP)에 있습니다.
        </p>
        <CreateTokenForm maxDays={env().API_TOKEN_MAX_DAYS} />
        <TokenList rows={apiTokenRows(await listOwnApiTokens(user.id))} />
      </section>
    </main>
  );
}
