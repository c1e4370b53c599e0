"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteBriefAction } from "@/app/(app)/brief/actions";
import { ConfirmButton } from "@/components/confirm-button";
import type { BriefCheckSummary } from "@/lib/db/brief-checks";
import { formatKoreanDate } from "@/lib/util/korean-time";

/** 저장한 검증: the lawyer's kept reports, newest first, each to open or delete (asked twice). */
export function BriefSavedList({ saved }: { saved: BriefCheckSummary[] }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  return (
    <section className="space-y-2" data-print="hide" aria-labelledby="brief-saved-heading">
      <h2 id="brief-saved-heading" className="font-semibold">
        저장한 검증
      </h2>
      {saved.length === 0 ? (
        <p className="text-sm text-muted" data-testid="brief-saved-none">
          저장한 검증이 없습니다. 검증 결과 아래의 ‘기록에 저장’을 누르면 여기에 남습니다.
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-white text-sm">
          {saved.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
              data-testid="brief-saved"
              data-id={s.id}
            >
              <Link
                href={`/brief/${s.id}`}
                className="min-w-0 flex-1 font-medium text-accent underline"
                data-testid="brief-saved-open"
              >
                {s.title}
              </Link>
              <span className="text-xs text-muted">
                인용 {s.citations}건{s.matterName ? ` · ${s.matterName}` : ""} ·{" "}
                {formatKoreanDate(new Date(s.createdAt))}
              </span>
              <ConfirmButton
                label="삭제"
                question="이 검증 결과를 지울까요?"
                confirmLabel="삭제"
                testId="brief-saved-delete"
                className="text-xs text-red-700 hover:underline"
                onConfirm={async () => {
                  const result = await deleteBriefAction(s.id);
                  if (!result.ok) setError(result.message);
                  else router.refresh();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-800" data-testid="brief-saved-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
