"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { recheckStatusAction } from "@/app/(app)/status/actions";

/** Asks the server to probe the components that failed now, then shows the fresh panel. */
export function StatusRecheckButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string>();
  return (
    <div className="mt-3">
      <button
        type="button"
        data-testid="status-recheck"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await recheckStatusAction().catch(() => ({
              ok: false,
              message: "서버에 연결할 수 없습니다.",
            }));
            setMessage(result.ok ? undefined : result.message);
            router.refresh();
          })
        }
        className="rounded border border-line px-2 py-1 text-xs hover:border-accent disabled:opacity-50"
      >
        {pending ? "확인하는 중…" : "다시 확인"}
      </button>
      {message ? (
        <p role="alert" className="mt-1 text-xs text-red-800">
          {message}
        </p>
      ) : null}
    </div>
  );
}
