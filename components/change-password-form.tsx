"use client";

import { useActionState } from "react";
import { type ChangePasswordState, changePasswordAction } from "@/app/(app)/account/actions";
import { FormError, SubmitButton } from "@/components/form-controls";

const inputClass = "w-full rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-accent";

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState<ChangePasswordState, FormData>(changePasswordAction, {});
  return (
    <form action={action} className="max-w-sm space-y-3" data-testid="change-password-form">
      <label className="block">
        <span className="mb-1 block text-sm font-medium">현재 비밀번호</span>
        <input name="current" type="password" autoComplete="current-password" required className={inputClass} />
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">새 비밀번호 (10자 이상)</span>
        <input name="next" type="password" autoComplete="new-password" required minLength={10} className={inputClass} />
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">새 비밀번호 확인</span>
        <input name="confirm" type="password" autoComplete="new-password" required className={inputClass} />
      </label>
      <FormError message={state.error} />
      {state.ok ? (
        <p
          role="status"
          data-testid="password-changed"
          className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          비밀번호를 바꿨습니다. 이 기기에서는 계속 로그인되어 있고, 다른 기기에서는 로그아웃되었습니다.
        </p>
      ) : null}
      <SubmitButton pending={pending} label="비밀번호 변경" pendingLabel="변경 중…" wide={false} />
      <p className="text-xs text-muted">
        변경하면 이 기기를 뺀 다른 기기에서는 로그아웃되어 새 비밀번호로 다시 로그인해야 합니다.
      </p>
    </form>
  );
}
