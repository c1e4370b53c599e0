"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState } from "react";
import { type CreateTokenResult, createTokenAction } from "@/app/(app)/account/token-actions";
import { FormError, SubmitButton } from "@/components/form-controls";

const inputClass = "w-full rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-accent";

/** Names a new token, picks what it may do and for how long; shows the token once. */
export function CreateTokenForm({ maxDays }: { maxDays: number }) {
  const router = useRouter();
  const [state, action, pending] = useActionState<CreateTokenResult, FormData>(createTokenAction, {});
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (state.secret) router.refresh();
  }, [state.secret, router]);
  return (
    <div className="space-y-3">
      <form
        action={action}
        className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto_auto_auto]"
        data-testid="token-create-form"
      >
        <label className="block">
          <span className="mb-1 block text-sm font-medium">토큰 이름</span>
          <input
            name="name"
            required
            maxLength={80}
            placeholder="예: 사무실 AI 비서"
            className={inputClass}
            data-testid="token-name"
          />
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">권한</span>
          <select name="scope" className={inputClass} defaultValue="read" data-testid="token-scope">
            <option value="read">검색·판례 읽기</option>
            <option value="ask">읽기와 질문</option>
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">기간</span>
          <select name="days" className={inputClass} defaultValue="90" data-testid="token-days">
            {[30, 90, 180, 365]
              .filter((d) => d <= maxDays)
              .map((d) => (
                <option key={d} value={d}>
                  {d}일
                </option>
              ))}
          </select>
        </label>
        <div className="self-end">
          <SubmitButton
            pending={pending}
            label="토큰 만들기"
            pendingLabel="만드는 중…"
            wide={false}
            testId="token-create"
          />
        </div>
      </form>
      <FormError message={state.error} />
      {state.secret && (
        <div className="max-w-xl space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
          <p className="font-medium">"{state.name}" 토큰을 만들었습니다. 지금 복사해 두세요 — 다시 볼 수 없습니다.</p>
          <div className="flex items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs"
              data-testid="token-secret"
            >
              {state.secret}
            </code>
            <button
              type="button"
              className="rounded-md border border-line bg-white px-3 py-1 text-sm hover:bg-paper"
              data-testid="token-copy"
              onClick={() => {
                void navigator.clipboard?.writeText(state.secret ?? "").then(() => setCopied(true));
              }}
            >
              {copied ? "복사됨" : "복사"}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
