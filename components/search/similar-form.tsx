"use client";

import { useState } from "react";
import { similarAction } from "@/app/(app)/search/actions";
import type { SimilarHit } from "@/lib/search/similar";
import { SearchHit } from "./search-hit";

/**
 * 비슷한 판례 찾기: a passage (a brief's facts, a decision's reasons) up to `max` characters,
 * counted as it is typed; beyond it the button says why it is off, and nothing typed is lost.
 */
export function SimilarForm({ max }: { max: number }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [hits, setHits] = useState<SimilarHit[]>();
  const over = text.trim().length > max;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (over || busy) return;
    setBusy(true);
    setError(undefined);
    const r = await similarAction(text).catch(() => ({ ok: false as const, message: "서버에 연결할 수 없습니다." }));
    setBusy(false);
    if (r.ok) setHits(r.data);
    else setError(r.message);
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-2" data-testid="similar-form">
        <label htmlFor="similar-passage" className="block text-sm text-muted">
          준비서면의 사실관계나 판결 이유처럼 찾고 싶은 내용의 글을 붙여 넣으세요.
        </label>
        <textarea
          id="similar-passage"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={8}
          aria-describedby="similar-count"
          data-testid="similar-input"
          className="w-full rounded-md border border-line bg-white p-3 text-sm outline-none focus:border-accent"
        />
        <div className="flex items-center justify-between gap-2 text-sm">
          <span
            id="similar-count"
            className={over ? "font-semibold text-red-800" : "text-muted"}
            data-testid="similar-count"
          >
            {text.trim().length.toLocaleString("ko-KR")} / {max.toLocaleString("ko-KR")}자
            {over ? ` — ${(text.trim().length - max).toLocaleString("ko-KR")}자를 줄여 주세요.` : ""}
          </span>
          <button
            type="submit"
            disabled={over || busy || !text.trim()}
            data-testid="similar-submit"
            className="rounded-md bg-accent px-4 py-2 text-white hover:opacity-90 disabled:opacity-50"
          >
            {busy ? "찾는 중…" : "비슷한 판례 찾기"}
          </button>
        </div>
      </form>
      {error ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-900" data-testid="similar-error">
          {error}
        </p>
      ) : null}
      {hits ? <SimilarList hits={hits} /> : null}
    </div>
  );
}

export function SimilarList({ hits }: { hits: SimilarHit[] }) {
  if (hits.length === 0)
    return (
      <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="similar-none">
        비슷한 판례를 찾지 못했습니다.
      </p>
    );
  return (
    <ol className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="similar-results">
      {hits.map((h) => (
        <SearchHit key={`${h.corpusId}|${h.caseNo}`} hit={h} />
      ))}
    </ol>
  );
}
