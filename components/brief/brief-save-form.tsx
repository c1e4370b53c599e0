"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { saveBriefAction } from "@/app/(app)/brief/actions";
import type { BriefReport } from "@/lib/brief/types";
import type { MatterRecord } from "@/lib/db/matters";

// A server action's body is capped (next.config.ts, 256 KB); a report past this is kept as a Word file instead.
const MAX_SAVE_BYTES = 240 * 1024;

/** 기록에 저장: only on this press is the report (which holds the draft's sentences) kept. */
export function BriefSaveForm({
  report,
  title: initialTitle,
  matters,
}: {
  report: BriefReport;
  title: string;
  matters: MatterRecord[];
}) {
  const router = useRouter();
  const [title, setTitle] = useState(initialTitle);
  const [matterId, setMatterId] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [savedId, setSavedId] = useState<string>();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    const input = { title, matterId: matterId || null, report };
    if (new TextEncoder().encode(JSON.stringify(input)).byteLength > MAX_SAVE_BYTES)
      return setError("검증 결과가 너무 커서 기록에 저장할 수 없습니다. Word로 내보내 보관해 주세요.");
    setPending(true);
    const result = await saveBriefAction(input).catch(() => null);
    setPending(false);
    if (!result) return setError("저장하지 못했습니다. 잠시 후 다시 시도해 주세요.");
    if (!result.ok) return setError(result.message);
    setSavedId(result.data.id);
    router.refresh();
  }

  if (savedId)
    return (
      <p
        className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        data-print="hide"
        data-testid="brief-save-done"
      >
        기록에 저장했습니다.{" "}
        <Link href={`/brief/${savedId}`} className="underline" data-testid="brief-saved-link">
          저장한 검증 열기
        </Link>
      </p>
    );
  return (
    <form onSubmit={save} className="flex flex-wrap items-end gap-2 rounded-xl border border-line bg-white p-3 text-sm">
      <label className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-xs text-muted">제목</span>
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={120}
          data-testid="brief-save-title"
          className="rounded-md border border-line px-2 py-1.5"
        />
      </label>
      {matters.length > 0 ? (
        <label className="flex flex-col gap-1">
          <span className="text-xs text-muted">사건 폴더 (선택)</span>
          <select
            value={matterId}
            onChange={(e) => setMatterId(e.target.value)}
            data-testid="brief-save-matter"
            className="rounded-md border border-line px-2 py-1.5"
          >
            <option value="">없음</option>
            {matters.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        data-testid="brief-save"
        className="rounded-md bg-accent px-4 py-1.5 font-medium text-white hover:opacity-90 disabled:opacity-60"
      >
        {pending ? "저장하는 중…" : "기록에 저장"}
      </button>
      {error ? (
        <p role="alert" className="w-full text-red-800" data-testid="brief-save-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
