"use client";

import { useState } from "react";
import type { BriefReport } from "@/lib/brief/types";

const BUTTON = "rounded-md border border-line bg-white px-3 py-1.5 text-sm hover:bg-paper disabled:opacity-60";

/** The file name the server chose (Content-Disposition's UTF-8 `filename*`), or a plain one. */
function fileName(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  try {
    if (encoded) return decodeURIComponent(encoded);
  } catch {
    // A malformed name falls back to the plain one below.
  }
  return "서면검증.docx";
}

/**
 * Word로 내보내기 and 인쇄 for a report. A saved one downloads from its own address; one just
 * checked is posted back (the server keeps no copy of it) and the file handed to the browser.
 * 인쇄 prints the report alone: the page marks its box, buttons and lists data-print="hide".
 */
export function BriefReportActions({
  report,
  title,
  savedId,
}: {
  /** The report just checked (posted back for its Word file); a saved one needs only its id. */
  report?: BriefReport;
  title: string;
  savedId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function exportDocx() {
    setBusy(true);
    setError(undefined);
    try {
      const response = await fetch("/brief/report.docx", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title, report }),
      });
      if (!response.ok) {
        const data = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(data?.error ?? "Word 파일을 만들지 못했습니다. 잠시 후 다시 시도해 주세요.");
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName(response.headers.get("content-disposition"));
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Word 파일을 만들지 못했습니다.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-print="hide">
      {savedId ? (
        <a
          href={`/brief/${encodeURIComponent(savedId)}/report.docx`}
          download
          data-testid="brief-export-docx"
          className={BUTTON}
        >
          Word로 내보내기
        </a>
      ) : (
        <button type="button" onClick={exportDocx} disabled={busy} data-testid="brief-export-docx" className={BUTTON}>
          {busy ? "Word 파일 만드는 중…" : "Word로 내보내기"}
        </button>
      )}
      <button type="button" onClick={() => window.print()} data-testid="brief-print" className={BUTTON}>
        인쇄
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-800" data-testid="brief-export-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
