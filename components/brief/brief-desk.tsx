"use client";

import { useEffect, useRef, useState } from "react";
import { ProgressBar } from "@/components/progress-bar";
import { BRIEF_MAX_BYTES } from "@/lib/brief/limits";
import type { BriefReport } from "@/lib/brief/types";
import type { MatterRecord } from "@/lib/db/matters";
import { BriefDropZone } from "./brief-drop-zone";
import { BriefReportView } from "./brief-report";
import { BriefReportActions } from "./brief-report-actions";
import { BriefSaveForm } from "./brief-save-form";
import { sendBrief } from "./send-brief";

/**
 * The 서면 검증 desk: a draft pasted or a file chosen (or dropped), sent with its upload's progress,
 * then the report with Word export, print and 기록에 저장. Whatever fails, the pasted text and the
 * chosen file stay, and the server's own words say why.
 */

type Phase = { at: "idle" } | { at: "uploading"; percent: number } | { at: "checking" };

// The tab's own storage (gone when the tab closes, never sent anywhere): a lawyer who opens a cited
// decision and comes back finds the draft and its report where they were.
const KEPT = "brief-desk";

const TOO_LARGE = "파일이 너무 큽니다. 20MB 이하의 파일만 검증할 수 있습니다.";

/** The name a report is saved and exported under: the file's name, or the draft's first words. */
function defaultTitle(file: File | null, text: string): string {
  if (file) return file.name.replace(/\.[^.]+$/, "").slice(0, 120);
  const words = text.trim().replace(/\s+/g, " ");
  return words.length > 30 ? `${words.slice(0, 30)}…` : words;
}

export function BriefDesk({ llmAvailable, matters }: { llmAvailable: boolean; matters: MatterRecord[] }) {
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [llm, setLlm] = useState(false);
  const [phase, setPhase] = useState<Phase>({ at: "idle" });
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<{ report: BriefReport; title: string; run: number }>();
  const abort = useRef<() => void>(undefined);
  const busy = phase.at !== "idle";
  const restored = useRef(false);

  useEffect(() => {
    try {
      const kept = JSON.parse(sessionStorage.getItem(KEPT) ?? "null") as {
        text?: string;
        result?: typeof result;
      } | null;
      if (kept?.text) setText(kept.text);
      if (kept?.result) setResult(kept.result);
    } catch {
      // Nothing kept, or storage is off: the desk starts empty.
    }
    restored.current = true;
  }, []);
  useEffect(() => {
    if (!restored.current) return;
    try {
      sessionStorage.setItem(KEPT, JSON.stringify({ text, result }));
    } catch {
      // Too large for the tab's storage: only coming back to the page will start empty.
    }
  }, [text, result]);

  async function check(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (!file && !text.trim()) return setError("서면 파일을 고르거나 글을 붙여 넣어 주세요.");
    // Refused here before a byte goes up; the server refuses it again in any case.
    if (file && file.size > BRIEF_MAX_BYTES) return setError(TOO_LARGE);
    let body: FormData | string;
    if (file) {
      body = new FormData();
      body.append("file", file);
      body.append("llm", String(llm));
    } else body = JSON.stringify({ text, llm });
    setPhase({ at: "uploading", percent: 0 });
    const sent = sendBrief(body, {
      progress: (percent) => setPhase((p) => (p.at === "uploading" ? { at: "uploading", percent } : p)),
      uploaded: () => setPhase({ at: "checking" }),
    });
    abort.current = sent.abort;
    const outcome = await sent.done;
    abort.current = undefined;
    setPhase({ at: "idle" });
    if (outcome.ok) setResult({ report: outcome.report, title: defaultTitle(file, text), run: Date.now() });
    else setError(outcome.message);
  }

  return (
    <div className="space-y-6">
      <form onSubmit={check} className="space-y-3 rounded-xl border border-line bg-white p-4" data-print="hide">
        <label className="block text-sm font-medium" htmlFor="brief-text">
          서면의 글을 붙여 넣거나
        </label>
        <textarea
          id="brief-text"
          data-testid="brief-text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={8}
          disabled={busy}
          placeholder="준비서면, 의견서 등의 글을 붙여 넣으세요."
          className="w-full rounded-md border border-line p-2 text-sm"
        />
        <BriefDropZone file={file} onFile={setFile} disabled={busy} />
        <p className="text-xs text-muted" data-testid="brief-limits">
          20MB, 300쪽까지 · .docx .pdf .hwpx .txt · 한글 .hwp는 HWPX나 PDF로 저장해 올려 주세요. 파일을 고르면 붙여 넣은
          글 대신 파일을 검증합니다.
        </p>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            data-testid="brief-llm"
            checked={llm && llmAvailable}
            disabled={!llmAvailable || busy}
            onChange={(e) => setLlm(e.target.checked)}
            className="mt-1"
          />
          <span>
            언어 모델로 근거도 읽어 보기
            <span className="block text-xs text-muted">
              {llmAvailable
                ? "선택하면 서면의 글이 이 서비스에 설정된 언어 모델로 보내집니다."
                : "언어 모델이 설정되지 않아 쓸 수 없습니다. 낱말 비교로 근거를 확인합니다."}
            </span>
          </span>
        </label>
        <p className="text-xs text-muted" data-testid="brief-privacy">
          서면의 글은 저장하거나 기록하지 않습니다. 검증 결과는 ‘저장’을 누를 때만 남습니다.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            data-testid="brief-submit"
            className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-60"
          >
            {busy ? "검증하는 중…" : "검증"}
          </button>
          {busy ? (
            <button
              type="button"
              data-testid="brief-cancel"
              onClick={() => abort.current?.()}
              className="rounded-md border border-line px-3 py-2 text-sm hover:bg-paper"
            >
              멈추기
            </button>
          ) : null}
        </div>
        {phase.at === "uploading" ? (
          <div className="space-y-1" data-testid="brief-progress">
            <ProgressBar percent={phase.percent} label="서면 올리는 중" />
            <p className="text-xs text-muted" aria-live="polite">
              올리는 중 {phase.percent}%
            </p>
          </div>
        ) : null}
        {phase.at === "checking" ? (
          <div className="space-y-1" data-testid="brief-checking">
            <div className="h-2 overflow-hidden rounded-full bg-stone-200">
              <div className="h-full w-1/3 animate-pulse rounded-full bg-accent" />
            </div>
            <p className="text-xs text-muted" aria-live="polite">
              인용을 확인하는 중…
            </p>
          </div>
        ) : null}
        {error ? (
          <p role="alert" data-testid="brief-error" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </form>
      {result ? (
        <div className="space-y-4" data-testid="brief-result">
          <div className="flex flex-wrap items-center justify-between gap-2" data-print="hide">
            <h2 className="font-serif text-xl font-semibold">검증 결과</h2>
            <BriefReportActions report={result.report} title={result.title} />
          </div>
          <BriefReportView report={result.report} />
          <BriefSaveForm key={result.run} report={result.report} title={result.title} matters={matters} />
        </div>
      ) : null}
    </div>
  );
}
