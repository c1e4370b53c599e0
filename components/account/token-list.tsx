"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { revokeTokenAction } from "@/app/(app)/account/token-actions";
import { ConfirmButton } from "@/components/confirm-button";
import { FormError } from "@/components/form-controls";
import type { ApiTokenRow } from "@/lib/auth/api-token-rows";

const STATE_LABEL = { live: "사용 중", expired: "만료됨", revoked: "폐기됨" } as const;

export function TokenList({ rows, showOwner = false }: { rows: ApiTokenRow[]; showOwner?: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [, startTransition] = useTransition();
  if (rows.length === 0) {
    return (
      <p className="text-sm text-muted" data-testid="token-empty">
        아직 만든 토큰이 없습니다.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <FormError message={error} />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="token-table">
          <thead className="text-xs text-muted">
            <tr>
              <th className="py-1 pr-3 font-medium">이름</th>
              {showOwner && <th className="py-1 pr-3 font-medium">사용자</th>}
              <th className="py-1 pr-3 font-medium">권한</th>
              <th className="py-1 pr-3 font-medium">만든 날</th>
              <th className="py-1 pr-3 font-medium">만료</th>
              <th className="py-1 pr-3 font-medium">마지막 사용</th>
              <th className="py-1 pr-3 font-medium">상태</th>
              <th className="py-1 font-medium">
                <span className="sr-only">폐기</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-line" data-testid="token-row">
                <td className="py-1.5 pr-3">
                  {row.name} <span className="font-mono text-xs text-muted">{row.prefix}…</span>
                </td>
                {showOwner && <td className="py-1.5 pr-3">{row.owner}</td>}
                <td className="py-1.5 pr-3">{row.scopeLabel}</td>
                <td className="py-1.5 pr-3">{row.createdAt}</td>
                <td className="py-1.5 pr-3">{row.expiresAt ?? "—"}</td>
                <td className="py-1.5 pr-3">{row.lastUsedAt ?? "쓰지 않음"}</td>
                <td className="py-1.5 pr-3">{STATE_LABEL[row.state]}</td>
                <td className="py-1.5">
                  {row.state === "live" && (
                    <ConfirmButton
                      label="폐기"
                      question="이 토큰을 폐기할까요? 이 토큰을 쓰는 프로그램은 더 이상 접속하지 못합니다."
                      confirmLabel="토큰 폐기"
                      cancelLabel="닫기"
                      testId={`token-revoke-${row.id}`}
                      onConfirm={async () => {
                        const result = await revokeTokenAction(row.id);
                        setError(result.ok ? undefined : result.message);
                        startTransition(() => router.refresh());
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
