"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "@/components/form-controls";

interface Option {
  id: string;
  label: string;
  skip: string | null;
}

/**
 * Upload a benchmark, pick a corpus, systems and the baseline, and how model calls are made: live, or
 * replayed from a recorded-calls file (no network; a system then runs when the file has its calls).
 */
export function EvalForm({ corpora, systems }: { corpora: { id: string; name: string }[]; systems: Option[] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [mode, setMode] = useState<"live" | "replay">("live");

  async function submit(form: HTMLFormElement) {
    setPending(true);
    setError(null);
    const response = await fetch("/api/admin/evals", { method: "POST", body: new FormData(form) }).catch(() => null);
    const payload = (await response?.json().catch(() => ({}))) as { id?: string; error?: string } | undefined;
    setPending(false);
    if (!response?.ok || !payload?.id) {
      setError(payload?.error ?? "평가를 시작하지 못했습니다.");
      return;
    }
    router.push(`/admin/eval/${payload.id}`);
  }

  return (
    <form
      className="space-y-3 rounded-xl border border-line bg-white p-4"
      data-testid="eval-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <h2 className="text-sm font-semibold">새 평가</h2>
      <label className="block text-sm">
        <span className="mb-1 block font-medium">벤치마크 (JSONL)</span>
        <input
          type="file"
          name="bench"
          accept=".jsonl,.json,.txt"
          required
          data-testid="eval-bench"
          className="text-sm"
        />
        <span className="mt-1 block text-xs text-muted">
          한 줄에 하나: 검색 {"{id, question, gold_case_numbers}"} 또는 예/아니요 {"{id, question, label}"}
        </span>
      </label>
      <label className="block text-sm">
        <span className="mb-1 block font-medium">이름 (선택)</span>
        <input name="name" className="w-full rounded-md border border-line px-3 py-1.5" />
      </label>
      <label className="block text-sm">
        <span className="mb-1 block font-medium">말뭉치</span>
        <select
          name="corpusId"
          required
          data-testid="eval-corpus"
          className="w-full rounded-md border border-line px-3 py-1.5"
        >
          {corpora.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="space-y-1 text-sm">
        <legend className="mb-1 font-medium">모델 호출</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="mode"
            value="live"
            checked={mode === "live"}
            onChange={() => setMode("live")}
            data-testid="eval-mode-live"
          />
          <span>설정된 모델 서버에 실제로 호출</span>
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="mode"
            value="replay"
            checked={mode === "replay"}
            onChange={() => setMode("replay")}
            data-testid="eval-mode-replay"
          />
          <span>기록된 응답으로 재생 (네트워크 호출 없음)</span>
        </label>
        {mode === "replay" ? (
          <div className="pl-6">
            <input
              type="file"
              name="calls"
              accept=".jsonl,.json,.txt"
              required
              data-testid="eval-calls"
              className="text-sm"
            />
            <span className="mt-1 block text-xs text-muted">
              npm run eval -- --record 로 기록한 파일, 또는 한 줄에 {"{question, analytical, judge}"}. 기록이 없는
              호출은 오류로 표시됩니다.
            </span>
          </div>
        ) : null}
      </fieldset>
      <fieldset className="text-sm">
        <legend className="mb-1 font-medium">비교할 시스템</legend>
        <div className="max-h-64 space-y-1 overflow-y-auto">
          {systems.map((s) => (
            <label key={s.id} className={`flex items-center gap-2 ${s.skip && mode === "live" ? "text-muted" : ""}`}>
              <input
                type="checkbox"
                name="systems"
                value={s.id}
                disabled={mode === "live" && Boolean(s.skip)}
                data-testid={`eval-system-${s.id}`}
              />
              <span>{s.label}</span>
              {s.skip && mode === "live" ? <span className="text-xs">({s.skip})</span> : null}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block text-sm">
        <span className="mb-1 block font-medium">기준 시스템 (차이와 승패를 이것과 비교)</span>
        <select
          name="baseline"
          defaultValue="sparse"
          data-testid="eval-baseline"
          className="w-full rounded-md border border-line px-3 py-1.5"
        >
          {systems.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <FormError message={error} testId="eval-error" />
      <button
        type="submit"
        disabled={pending || corpora.length === 0}
        data-testid="eval-start"
        className="w-full rounded-md bg-accent px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
      >
        {pending ? "시작하는 중…" : "평가 시작"}
      </button>
    </form>
  );
}
