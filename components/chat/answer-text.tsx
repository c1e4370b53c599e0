"use client";

import { Flag } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useId, useMemo, useState } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import {
  CITATION_ATTR,
  internalHref,
  partOffsets,
  remarkCitations,
  remarkStatutes,
  STATUS_ATTR,
  STATUTE_ATTR,
} from "@/lib/chat/answer-markdown";
import { citationHrefs, precedentHref } from "@/lib/chat/citation-links";
import type { AnswerRecord } from "@/lib/chat/types";
import {
  OUTSIDE_NOTE,
  outsideOf,
  recordCitationFinder,
  STATUS_LABEL,
  UNCHECKED_NOTE,
  UNKNOWN_NOTE,
} from "@/lib/rag/citations";
import { describeOverruling, SCOPE_LABEL } from "@/lib/text/citation-types";
import { decisionKey } from "@/lib/text/decision-key";
import { AnswerStatuteLink, useImportedLaws } from "./imported-laws";
import { OverruledFlag, SupportMark } from "./support-mark";
import { SupportSummary } from "./support-summary";

// Links into the viewer are built in lib/chat/citation-links.ts (each citation opens its own passage).
export { precedentHref };

/** A case number no corpus holds (or, unchecked, not among the passages): flagged, its explanation one tap away. */
function UnverifiedCitation({ children, note }: { children: ReactNode; note: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        data-testid="citation-unverified"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="rounded bg-amber-100 px-0.5 text-amber-900 underline decoration-amber-600 decoration-wavy"
      >
        {children}
        <span className="ml-0.5 text-xs font-medium no-underline">⚠ 확인 필요</span>
      </button>
      {open ? (
        <span id={id} role="note" data-testid="citation-unverified-note" className="mx-1 text-xs text-amber-900">
          ({note})
        </span>
      ) : null}
    </>
  );
}

/**
 * A real decision of a corpus that was not among the answer's passages: linked to the decision,
 * with its own plain mark (never the invented-number wording), the note one tap away.
 */
function OutsideCitation({ children, href }: { children: ReactNode; href: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Link
        href={href}
        data-testid="citation-outside"
        className="rounded bg-sky-50 px-0.5 font-medium text-sky-900 underline decoration-sky-500 decoration-dotted underline-offset-2"
      >
        {children}
      </Link>
      <button
        type="button"
        data-testid="citation-outside-mark"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="mx-0.5 rounded px-1 align-baseline text-[11px] font-medium text-sky-900 ring-1 ring-sky-300"
      >
        {STATUS_LABEL.corpus}
      </button>
      {open ? (
        <span id={id} role="note" data-testid="citation-outside-note" className="mx-1 text-xs text-sky-900">
          ({OUTSIDE_NOTE})
        </span>
      ) : null}
    </>
  );
}

/** The court or date the answer wrote that the decision contradicts. */
function Mismatch({ text }: { text: string }) {
  return (
    <span data-testid="citation-mismatch" className="mx-0.5 rounded bg-amber-50 px-1 text-[11px] text-amber-900">
      ⚠ {text}
    </span>
  );
}

const PROSE =
  "space-y-3 leading-relaxed [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_code]:rounded [&_code]:bg-paper [&_code]:px-1 [&_pre]:overflow-x-auto [&_th]:border [&_th]:border-line [&_th]:px-2 [&_th]:py-1 [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-1";

/**
 * The answer as a lawyer reads it: Markdown (headings, lists, bold, tables) with no raw HTML and
 * links only to our own pages. Once the answer is done, every case number checked against the
 * retrieved passages links to its passage, and one that is not there is flagged and explained —
 * never linked. While the answer streams, the same Markdown renders without citation checks.
 * References to imported statutes (`laws`, else the chat page's) link to their articles.
 */
export function AnswerText({
  text,
  record,
  chatId,
  laws: lawsProp,
}: {
  text: string;
  record?: AnswerRecord;
  chatId?: string;
  laws?: readonly string[];
}) {
  const pageLaws = useImportedLaws();
  const laws = lawsProp ?? pageLaws;
  const chunks = useMemo(() => new Map(record?.context.map(({ chunk }) => [chunk.id, chunk])), [record]);
  // Each stored citation's own link (its best passage, the citing sentence, the way back), by its
  // place in the answer.
  const links = useMemo(() => {
    if (!record) return new Map<number, string>();
    const hrefs = citationHrefs(record, { chatId });
    const out = new Map<number, string>();
    for (const [offset, i] of partOffsets(record.parts)) {
      const href = hrefs[i];
      if (href) out.set(offset, href);
    }
    return out;
  }, [record, chatId]);
  const plugins = useMemo(
    () => [remarkGfm, remarkCitations(record ? recordCitationFinder(record) : undefined), remarkStatutes(laws)],
    [record, laws],
  );
  // The support check's verdict of each citation, and the graph's word on each decision.
  const supports = useMemo(() => new Map(record?.trace.support?.citations.map((c) => [c.offset, c])), [record]);
  const signals = record?.signals;
  const overruled = useMemo(() => {
    const out = new Map<string, { caseNo: string; by: NonNullable<typeof signals>[string]["overruledBy"] }>();
    for (const part of record?.parts ?? []) {
      if (part.type !== "citation" || !part.valid) continue;
      const chunk = chunks.get(part.chunkId);
      const by = chunk ? signals?.[decisionKey(chunk)]?.overruledBy : undefined;
      if (chunk && by?.length) out.set(decisionKey(chunk), { caseNo: chunk.caseNo, by });
    }
    return [...out.values()];
  }, [record, chunks, signals]);
  const unverified = useMemo(
    () => [
      ...new Set(record?.parts.flatMap((p) => (p.type === "citation" && !p.valid && !p.found ? [p.caseNo] : [])) ?? []),
    ],
    [record],
  );
  const outside = useMemo(
    () => [
      ...new Set(record?.parts.flatMap((p) => (p.type === "citation" && !p.valid && p.found ? [p.caseNo] : [])) ?? []),
    ],
    [record],
  );
  const checked = record ? outsideOf(record.parts).checked : false;
  const components = useMemo<Components>(
    () => ({
      span({ node: _node, children, ...props }) {
        const attrs = props as Record<string, string | undefined>;
        const law = attrs[STATUTE_ATTR];
        if (law) {
          return (
            <AnswerStatuteLink law={law} article={attrs["data-article"] ?? ""} former={attrs["data-former"] === "true"}>
              {children}
            </AnswerStatuteLink>
          );
        }
        const kind = attrs[CITATION_ATTR];
        const mismatch = attrs["data-mismatch"] ? <Mismatch text={attrs["data-mismatch"]} /> : null;
        const offset = attrs["data-offset"];
        const support = offset !== undefined ? supports.get(Number(offset)) : undefined;
        if (kind === STATUS_ATTR.unknown) {
          const note = attrs["data-checked"] ? UNKNOWN_NOTE : UNCHECKED_NOTE;
          return (
            <>
              <UnverifiedCitation note={note}>{children}</UnverifiedCitation>
              {mismatch}
            </>
          );
        }
        if (kind === STATUS_ATTR.corpus) {
          const caseNo = attrs["data-found-case-no"] ?? attrs["data-case-no"] ?? "";
          const href = `/precedents/${encodeURIComponent(caseNo)}?${new URLSearchParams({
            corpus: attrs["data-corpus-id"] ?? "",
            ...(chatId ? { from: chatId } : {}),
          })}`;
          return (
            <>
              <OutsideCitation href={href}>{children}</OutsideCitation>
              {support ? <SupportMark support={support} /> : null}
              {mismatch}
            </>
          );
        }
        if (kind === STATUS_ATTR.evidence) {
          const chunkId = attrs["data-chunk-id"] ?? "";
          const chunk = chunks.get(chunkId);
          const href =
            (offset !== undefined ? links.get(Number(offset)) : undefined) ??
            precedentHref(chunk?.caseNo ?? attrs["data-case-no"] ?? "", chunk?.corpusId ?? "", [chunkId], { chatId });
          const by = chunk ? signals?.[decisionKey(chunk)]?.overruledBy : undefined;
          return (
            <>
              <Link
                href={href}
                data-testid="citation-link"
                data-verdict={support?.verdict}
                className="rounded bg-accent-soft px-0.5 font-medium text-accent underline-offset-2 hover:underline"
              >
                {children}
              </Link>
              {support ? <SupportMark support={support} /> : null}
              {chunk && by?.length ? <OverruledFlag caseNo={chunk.caseNo} by={by} /> : null}
              {mismatch}
            </>
          );
        }
        return <span>{children}</span>;
      },
      a({ href, children }) {
        const target = internalHref(href);
        return target ? (
          <Link href={target} className="text-accent underline">
            {children}
          </Link>
        ) : (
          <span>{children}</span>
        );
      },
      table({ node: _node, ...props }) {
        return (
          <div className="overflow-x-auto">
            <table className="border-collapse text-sm" {...props} />
          </div>
        );
      },
    }),
    [chunks, links, chatId, supports, signals],
  );
  return (
    <div data-testid={record ? "answer-text" : "answer-streaming"}>
      <div className={PROSE}>
        <Markdown
          remarkPlugins={plugins}
          components={components}
          // Raw HTML is dropped (its text between tags stays), no images (they would load from
          // anywhere), and no link but ours.
          skipHtml
          disallowedElements={["img"]}
          urlTransform={(url) => internalHref(url) ?? ""}
        >
          {text}
        </Markdown>
      </div>
      {record?.trace.support ? <SupportSummary report={record.trace.support} /> : null}
      {overruled.length > 0 ? (
        <p className="mt-3 rounded bg-red-50 px-2 py-1 text-xs text-red-900" data-testid="overruled-summary">
          <Flag aria-hidden="true" className="inline size-3.5 align-[-2px]" /> 변경된 판례를 인용했습니다:{" "}
          {overruled
            .map(
              (o) => `${o.caseNo} → ${o.by.map((b) => `${describeOverruling(b)}(${SCOPE_LABEL[b.scope]})`).join(", ")}`,
            )
            .join("; ")}
        </p>
      ) : null}
      {outside.length > 0 ? (
        <p className="mt-3 rounded bg-sky-50 px-2 py-1 text-xs text-sky-900" data-testid="outside-summary">
          검색 근거 밖 판례: {outside.join(", ")} — {OUTSIDE_NOTE}
        </p>
      ) : null}
      {unverified.length > 0 ? (
        <p className="mt-3 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900" data-testid="unverified-summary">
          확인이 필요한 사건번호: {unverified.join(", ")} — {checked ? UNKNOWN_NOTE : UNCHECKED_NOTE}
        </p>
      ) : null}
    </div>
  );
}
