"use client";

import { useActionState } from "react";
import { createCorpusAction, type FormState } from "@/app/(app)/admin/corpora/actions";
import { FormError, SubmitButton } from "@/components/form-controls";

const inputClass = "w-full rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-accent";

export function CreateCorpusForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(createCorpusAction, {});
  return (
    <form
      action={action}
      className="space-y-3 rounded-xl border border-line bg-white p-4"
      data-testid="create-corpus-form"
    >
      <h2 className="text-sm font-semibold">새 말뭉치</h2>
      <div>
        <label htmlFor="corpus-name" className="mb-1 block text-sm font-medium">
          이름
        </label>
        <input id="corpus-name" name="name" required maxLength={60} className={inputClass} data-testid="corpus-name" />
      </div>
      <div>
        <label htmlFor="corpus-description" className="mb-1 block text-sm font-medium">
          설명 (선택)
        </label>
        <input id="corpus-description" name="description" maxLength={200} className={inputClass} />
      </div>
      <FormError message={state.error} />
      <SubmitButton pending={pending} label="말뭉치 만들기" pendingLabel="만드는 중…" testId="create-corpus-submit" />
    </form>
  );
}
