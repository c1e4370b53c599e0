"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { BookmarkRecord } from "@/lib/db/bookmarks";
import { formatKoreanDate } from "@/lib/util/korean-time";
import { BookmarkButton } from "./bookmark-button";

/** The 북마크 page's list: each precedent with its note, editable and removable in place. */
export function BookmarkList({ bookmarks }: { bookmarks: BookmarkRecord[] }) {
  const router = useRouter();
  if (bookmarks.length === 0)
    return (
      <p className="rounded-xl border border-line bg-white p-4 text-sm text-muted" data-testid="bookmarks-empty">
        북마크한 판례가 없습니다. 근거 판례나 판례 화면의 ☆ 북마크를 눌러 메모와 함께 남길 수 있습니다.
      </p>
    );
  return (
    <ul className="space-y-3" data-testid="bookmark-list">
      {bookmarks.map((b) => (
        <li key={b.id} className="rounded-xl border border-line bg-white p-4" data-testid="bookmark-item">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <Link
              href={`/precedents/${encodeURIComponent(b.caseNo)}${b.corpusId ? `?corpus=${encodeURIComponent(b.corpusId)}` : ""}`}
              className="font-mono font-medium text-accent hover:underline"
              data-testid="bookmark-link"
            >
              {b.caseNo}
            </Link>
            <span className="text-sm">{b.caseName}</span>
            <span className="text-xs text-muted">{[b.court, b.decisionDate].filter(Boolean).join(" · ")}</span>
            <span className="ml-auto text-xs text-muted">{formatKoreanDate(b.updatedAt)}</span>
          </div>
          {b.note ? (
            <p className="mt-2 whitespace-pre-wrap text-sm" data-testid="bookmark-item-note">
              {b.note}
            </p>
          ) : (
            <p className="mt-2 text-sm text-muted">메모 없음</p>
          )}
          <div className="mt-2">
            <BookmarkButton
              caseNo={b.caseNo}
              corpusId={b.corpusId}
              caseName={b.caseName}
              court={b.court}
              decisionDate={b.decisionDate}
              onChanged={() => router.refresh()}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
