import Link from "next/link";
import { BookmarkButton } from "@/components/bookmarks/bookmark-button";
import type { Snippet } from "@/lib/search/match";
import { formatKoreanDate } from "@/lib/util/korean-time";
import { MarkedText } from "./marked-text";

export interface HitView {
  corpusId: string;
  corpusName: string;
  caseNo: string;
  caseName: string;
  court: string;
  caseType: string;
  decisionDate: string;
  enBanc: boolean | null;
  citedBy: number;
  overruled: boolean;
  snippets?: Snippet[];
  nameMarks?: [number, number][];
  /** 비슷한 판례: the key words shared with the passage. */
  sharedTerms?: string[];
  /** 비슷한 판례: the chunk most alike. */
  chunkId?: string;
}

/** The viewer at a passage of the decision (`hl`: its chunk), or at its start. */
export function viewerHref(hit: { caseNo: string; corpusId: string }, chunkId?: string): string {
  const q = new URLSearchParams({ corpus: hit.corpusId });
  if (chunkId) q.set("hl", chunkId);
  // The viewer scrolls to `#passage-<chunk id>`, as the chat's citation links do.
  return `/precedents/${encodeURIComponent(hit.caseNo)}?${q}${chunkId ? `#passage-${chunkId}` : ""}`;
}

/** One decision in a result list: its heading, marks, best passages, and what can be done with it. */
export function SearchHit({ hit }: { hit: HitView }) {
  const first = hit.snippets?.[0]?.chunkId ?? hit.chunkId;
  return (
    <li className="space-y-1.5 p-3 sm:p-4" data-testid="search-hit" data-date={hit.decisionDate}>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
        <span>{hit.court}</span>
        <span>{formatKoreanDate(hit.decisionDate) || hit.decisionDate} 선고</span>
        {hit.caseType ? <span>{hit.caseType}</span> : null}
        <span>말뭉치 {hit.corpusName}</span>
        {hit.enBanc ? (
          <span className="rounded bg-accent-soft px-1 text-accent" data-testid="hit-en-banc">
            전원합의체
          </span>
        ) : null}
        {hit.overruled ? (
          <span className="rounded bg-red-50 px-1 text-red-800" data-testid="hit-overruled">
            변경된 판례
          </span>
        ) : null}
        {hit.citedBy > 0 ? <span data-testid="hit-cited-by">{hit.citedBy}건에서 인용</span> : null}
      </p>
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0">
          <Link
            href={viewerHref(hit, first)}
            className="font-mono font-medium text-accent hover:underline"
            data-testid="hit-link"
          >
            {hit.caseNo}
          </Link>{" "}
          <span data-testid="hit-case-name">
            <MarkedText text={hit.caseName} marks={hit.nameMarks ?? []} />
          </span>
        </h3>
        <BookmarkButton
          compact
          caseNo={hit.caseNo}
          corpusId={hit.corpusId}
          caseName={hit.caseName}
          court={hit.court}
          decisionDate={hit.decisionDate}
        />
      </div>
      {hit.snippets?.map((s) => (
        <p key={s.chunkId} className="text-sm leading-relaxed" data-testid="hit-snippet">
          <Link href={viewerHref(hit, s.chunkId)} className="mr-1 text-xs text-muted hover:text-accent">
            [{s.section}]
          </Link>
          <MarkedText text={s.text} marks={s.marks} />
        </p>
      ))}
      {hit.sharedTerms?.length ? (
        <p className="text-sm" data-testid="hit-shared-terms">
          <span className="text-muted">겹치는 핵심어: </span>
          {hit.sharedTerms.map((t) => (
            <mark key={t} className="mr-1 rounded-sm bg-amber-100 px-1">
              {t}
            </mark>
          ))}
        </p>
      ) : null}
    </li>
  );
}
