"use client";

import { useActionState } from "react";
import { type SignInState, signInAction } from "@/app/(auth)/actions";
import { FormError, SubmitButton } from "@/components/form-controls";

export function LoginForm({ next }: { next?: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {});
  return (
    <form action={action} className="space-y-4" data-testid="login-form" noValidate>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <label className="block">
        <span className="mb-1 block text-sm font-medium">이메일</span>
        <input
          name="email"
          type="email"
          autoComplete="username"
          required
          // biome-ignore lint/a11y/noAutofocus: the sign-in page has one purpose; users expect focus in its first field
          autoFocus
          defaultValue={state.email}
          data-testid="login-email"
          className="w-full rounded-md border border-line bg-white px-3 py-2 outline-none focus:border-accent"
        />
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">비밀번호</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          data-testid="login-password"
          className="w-full rounded-md border border-line bg-white px-3 py-2 outline-none focus:border-accent"
        />
      </label>
      <FormError message={state.error} testId="login-error" />
      <SubmitButton pending={pending} label="로그인" pendingLabel="로그인 중…" testId="login-submit" />
    </form>
  );
}
