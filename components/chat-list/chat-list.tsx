"use client";

import { useEffect, useState } from "react";
import { searchChatsAction } from "@/app/(app)/chat/manage-actions";
import type { ChatSearchHit } from "@/lib/db/chat-manage";
import type { ChatSummary } from "@/lib/db/chats";
import type { MatterRecord } from "@/lib/db/matters";
import { ChatRow } from "./chat-row";
import { MatterGroup, NewMatterForm } from "./matter-group";

const SEARCH_DELAY_MS = 250;

/** What the list shows, passed through unchanged by the sidebar and the narrow-screen bar around it. */
export interface ChatListProps {
  chats: ChatSummary[];
  matters: MatterRecord[];
  activeId?: string;
}

/**
 * The user's chats: a search box (titles and questions), then matters (사건 폴더) with their
 * chats, then chats filed under none.
 */
export function ChatList({ chats, matters, activeId }: ChatListProps) {
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<ChatSearchHit[]>();
  const [error, setError] = useState<string>();
  const searching = query.trim().length > 0;

  useEffect(() => {
    const text = query.trim();
    if (!text) return setHits(undefined);
    let live = true;
    const timer = setTimeout(async () => {
      const r = await searchChatsAction(text).catch(() => ({ ok: false as const, message: "검색하지 못했습니다." }));
      if (!live) return;
      setError(r.ok ? undefined : r.message);
      setHits(r.ok ? r.data : []);
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  const row = (chat: ChatSummary, note?: string) => (
    <ChatRow key={chat.id} chat={chat} matters={matters} active={chat.id === activeId} note={note} />
  );
  const unfiled = chats.filter((c) => !c.matterId || !matters.some((m) => m.id === c.matterId));

  return (
    <div className="flex flex-col gap-1">
      <div className="px-3 pb-1">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => e.key === "Escape" && setQuery("")}
          placeholder="대화 검색 (제목·질문)"
          aria-label="대화 검색"
          data-testid="chat-search"
          className="w-full rounded-md border border-line bg-white px-2 py-1.5 text-sm outline-none focus:border-accent"
        />
      </div>
      {searching ? (
        <div data-testid="chat-search-results" aria-live="polite">
          {error ? <p className="px-4 text-xs text-red-800">{error}</p> : null}
          {hits === undefined ? (
            <p className="px-4 text-xs text-muted">찾는 중…</p>
          ) : hits.length === 0 ? (
            <p className="px-4 text-xs text-muted" data-testid="chat-search-empty">
              ‘{query.trim()}’이(가) 들어간 대화가 없습니다.
            </p>
          ) : (
            <ul>{hits.map((h) => row(h, h.matchedQuestion))}</ul>
          )}
        </div>
      ) : (
        <>
          <div className="flex items-center justify-between px-4 pt-1">
            <h2 className="text-xs font-semibold text-muted">사건 폴더</h2>
          </div>
          <div className="px-4">
            <NewMatterForm />
          </div>
          {matters.map((m) => {
            const inside = chats.filter((c) => c.matterId === m.id);
            return (
              <MatterGroup key={m.id} matter={m} count={inside.length}>
                <ul>{inside.map((c) => row(c))}</ul>
              </MatterGroup>
            );
          })}
          <h2 className="px-4 pt-2 text-xs font-semibold text-muted">대화 기록</h2>
          {chats.length === 0 ? (
            <p className="px-4 text-sm text-muted" data-testid="chat-list-empty">
              아직 대화가 없습니다. 첫 질문을 남기면 여기에 기록됩니다.
            </p>
          ) : (
            <ul data-testid="chat-list">{unfiled.map((c) => row(c))}</ul>
          )}
        </>
      )}
    </div>
  );
}
