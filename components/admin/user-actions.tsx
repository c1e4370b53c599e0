"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  changeRoleAction,
  deleteUserAction,
  resetPasswordAction,
  setActiveAction,
} from "@/app/(app)/admin/users/actions";
import { ConfirmButton } from "@/components/confirm-button";
import type { ActionResult } from "@/lib/errors";

interface Target {
  id: string;
  name: string;
  email: string;
  role: "admin" | "lawyer";
  active: boolean;
}

/** One user's row controls on the admin page: role, password reset, (de)activation, deletion. */
export function UserActions({ user, self }: { user: Target; self: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [password, setPassword] = useState<string>();

  async function run<T>(work: () => Promise<ActionResult<T>>): Promise<T | undefined> {
    setError(undefined);
    const result = await work().catch(() => ({ ok: false as const, message: "서버에 연결할 수 없습니다." }));
    if (!result.ok) {
      setError(result.message);
      return undefined;
    }
    router.refresh();
    return result.data;
  }

  return (
    <div className="flex flex-col gap-1.5 text-xs">
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-1">
          <span className="sr-only">역할</span>
          <select
            value={user.role}
            data-testid="user-role-select"
            className="rounded border border-line bg-white px-1.5 py-0.5"
            onChange={(e) => void run(() => changeRoleAction(user.id, e.target.value))}
          >
            <option value="lawyer">변호사</option>
            <option value="admin">관리자</option>
          </select>
        </label>
        {self ? (
          <span className="text-muted">본인 계정</span>
        ) : (
          <>
            <ConfirmButton
              label="비밀번호 초기화"
              question="새 일회용 비밀번호를 만들고 모든 로그인을 끝낼까요?"
              confirmLabel="초기화"
              testId="user-reset-password"
              className="text-accent hover:underline"
              onConfirm={async () =>
                setPassword(await run(() => resetPasswordAction(user.id)).then((d) => d?.password))
              }
            />
            {user.active ? (
              <ConfirmButton
                label="비활성화"
                question={`${user.name}님을 비활성화하고 즉시 로그아웃시킬까요?`}
                confirmLabel="비활성화"
                testId="user-deactivate"
                onConfirm={() => run(() => setActiveAction(user.id, false)).then(() => {})}
              />
            ) : (
              <button
                type="button"
                data-testid="user-reactivate"
                className="text-accent hover:underline"
                onClick={() => void run(() => setActiveAction(user.id, true))}
              >
                다시 활성화
              </button>
            )}
            <ConfirmButton
              label="삭제"
              question={`${user.email} 계정과 그 대화·북마크를 삭제할까요? 되돌릴 수 없습니다.`}
              confirmLabel="삭제"
              testId="user-delete"
              onConfirm={() => run(() => deleteUserAction(user.id)).then(() => {})}
            />
          </>
        )}
      </div>
      {password ? (
        <div className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-950" role="status">
          <p>
            새 비밀번호:{" "}
            <code data-testid="user-new-password" className="select-all font-mono text-sm">
              {password}
            </code>
          </p>
          <p className="mt-0.5">지금 한 번만 표시됩니다. 사용자에게 전달하고, 로그인 후 바꾸도록 안내하세요.</p>
          <button type="button" className="mt-1 text-accent hover:underline" onClick={() => setPassword(undefined)}>
            닫기
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-800" data-testid="user-action-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
