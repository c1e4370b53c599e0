"use client";

import { Check, Flag, Triangle, X } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { type CitationSupport, VERDICT_LABEL } from "@/lib/rag/support/types";
import { describeOverruling, type OverruledBy, SCOPE_LABEL } from "@/lib/text/citation-types";

const TONE = {
  supported: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  partly: "bg-amber-100 text-amber-900 ring-amber-300",
  unsupported: "bg-red-100 text-red-900 ring-red-300",
} as const;
const ICON = { supported: Check, partly: Triangle, unsupported: X } as const;
const METHOD = { llm: "검증 모델", cosine: "의미 유사도", lexical: "어휘 비교" } as const;

/**
 * The support check's mark after a citation: 근거 확인 · 근거 약함 · 근거 없음. The reason opens
 * in place on a click, a tap or Enter (not only on hover), with the decision's sentence that
 * supports the claim — never for a citation found unsupported.
 */
export function SupportMark({ support }: { support: CitationSupport }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { verdict } = support;
  const Icon = ICON[verdict];
  return (
    <>
      <button
        type="button"
        data-testid="support-mark"
        data-verdict={verdict}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={`mx-0.5 inline-flex items-center gap-0.5 rounded px-1 align-baseline text-[11px] font-medium ring-1 ${TONE[verdict]}`}
      >
        <Icon aria-hidden="true" className="inline size-3 align-[-1px]" />
        {VERDICT_LABEL[verdict]}
      </button>
      {open ? (
        <span
          id={id}
          role="note"
          data-testid="support-note"
          className="my-1 block rounded border border-line bg-paper px-2 py-1 text-xs text-ink"
        >
          <span className="font-medium">{VERDICT_LABEL[verdict]}</span> ({METHOD[support.method]}) · {support.reason}
          {support.quote && verdict !== "unsupported" ? (
            <span className="mt-1 block font-serif text-muted" data-testid="support-quote">
              판례의 문장: “{support.quote}”
            </span>
          ) : null}
        </span>
      ) : null}
    </>
  );
}

/** A red flag on a decision a later decision overruled, naming it; the note opens like the marks'. */
export function OverruledFlag({ caseNo, by }: { caseNo: string; by: OverruledBy[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const first = by[0];
  if (!first) return null;
  return (
    <>
      <button
        type="button"
        data-testid="overruled-flag"
        data-case-no={caseNo}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="mx-0.5 inline-flex items-center gap-0.5 rounded bg-red-600 px-1 align-baseline text-[11px] font-semibold text-white"
      >
        <Flag aria-hidden="true" className="inline size-3 align-[-1px]" />
        {first.scope === "partial" ? "일부 변경된 판례" : "변경된 판례"}
      </button>
      {open ? (
        <span id={id} role="note" className="my-1 block rounded bg-red-50 px-2 py-1 text-xs text-red-900">
          {caseNo}은(는) {by.map((b) => `${describeOverruling(b)}(${SCOPE_LABEL[b.scope]})`).join(", ")}로
          변경되었습니다. 현재의 법리로 인용하기 전에 변경한 판결을 확인하세요.{" "}
          {first.corpusId ? (
            <Link
              href={`/precedents/${encodeURIComponent(first.caseNo)}?corpus=${encodeURIComponent(first.corpusId)}`}
              className="underline"
            >
              {first.caseNo} 보기
            </Link>
          ) : null}
        </span>
      ) : null}
    </>
  );
}
