"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

/** Uploads statute files to /api/admin/statutes/upload and shows one line per file. */
export function StatuteUpload() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setLines([]);
    try {
      const response = await fetch("/api/admin/statutes/upload", {
        method: "POST",
        body: new FormData(event.currentTarget),
      });
      const body = (await response.json().catch(() => ({}))) as {
        lines?: string[];
        skipped?: string[];
        error?: string;
      };
      if (!response.ok) setLines([body.error ?? "올리지 못했습니다. 잠시 후 다시 시도해 주세요."]);
      else {
        const skipped = (body.skipped ?? []).map((name) => `${name}: 법령 파일(.md)이 아니라 건너뛰었습니다.`);
        setLines([...(body.lines ?? []), ...skipped]);
        router.refresh();
      }
    } catch {
      setLines(["서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요."]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="max-w-2xl space-y-2 rounded-xl border border-line bg-white p-4">
      <label className="block text-sm font-semibold" htmlFor="statute-files">
        법령 파일 올리기
      </label>
      <input id="statute-files" name="files" type="file" multiple accept=".md,.zip" required className="text-sm" />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="force" value="true" />
        시행일자가 이전인 파일도 강제로 가져오기
      </label>
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-accent px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
      >
        {busy ? "가져오는 중…" : "가져오기"}
      </button>
      {lines.length > 0 && (
        <ul className="space-y-1 text-sm" aria-live="polite" data-testid="statute-upload-result">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </form>
  );
}
