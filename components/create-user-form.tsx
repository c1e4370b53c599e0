"use client";

import { useActionState } from "react";
import { type CreateUserState, createUserAction } from "@/app/(app)/admin/users/actions";
import { FormError, SubmitButton } from "@/components/form-controls";

const inputClass = "w-full rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-accent";

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? <span className="mt-1 block text-xs text-red-700">{error}</span> : null}
    </div>
  );
}

export function CreateUserForm() {
  const [state, action, pending] = useActionState<CreateUserState, FormData>(createUserAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form
      action={action}
      className="space-y-3 rounded-xl border border-line bg-white p-4"
      data-testid="create-user-form"
    >
      <h2 className="text-sm font-semibold">새 사용자</h2>
      <Field id="new-user-name" label="이름" error={errors.name}>
        <input id="new-user-name" name="name" required className={inputClass} data-testid="new-user-name" />
      </Field>
      <Field id="new-user-email" label="이메일" error={errors.email}>
        <input
          id="new-user-email"
          name="email"
          type="email"
          required
          className={inputClass}
          data-testid="new-user-email"
        />
      </Field>
      <Field id="new-user-password" label="초기 비밀번호 (10자 이상)" error={errors.password}>
        <input
          id="new-user-password"
          name="password"
          type="password"
          required
          minLength={10}
          className={inputClass}
          data-testid="new-user-password"
        />
      </Field>
      <Field id="new-user-role" label="역할" error={errors.role}>
        <select id="new-user-role" name="role" defaultValue="lawyer" className={inputClass} data-testid="new-user-role">
          <option value="lawyer">변호사</option>
          <option value="admin">관리자</option>
        </select>
      </Field>
      <FormError message={state.error} />
      {state.ok ? (
        <p
          role="status"
          className="rounded bg-emerald-50 px-2 py-1 text-sm text-emerald-800"
          data-testid="create-user-ok"
        >
          사용자를 만들었습니다.
        </p>
      ) : null}
      <SubmitButton pending={pending} label="사용자 만들기" pendingLabel="만드는 중…" testId="create-user-submit" />
    </form>
  );
}
