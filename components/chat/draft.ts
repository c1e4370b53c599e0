"use client";

import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from "react";

/**
 * The question box's text, kept in sessionStorage per chat: a remount (a refresh that arrives
 * while the lawyer types the next question, navigating away and back) never loses what was typed.
 */
const keyOf = (chatId: string | undefined) => `rar:draft:${chatId ?? "new"}`;

function read(chatId: string | undefined): string {
  try {
    return sessionStorage.getItem(keyOf(chatId)) ?? "";
  } catch {
    return "";
  }
}

function write(chatId: string | undefined, text: string): void {
  try {
    if (text) sessionStorage.setItem(keyOf(chatId), text);
    else sessionStorage.removeItem(keyOf(chatId));
  } catch {
    // Private mode or a full quota: the draft simply isn't kept.
  }
}

export function useDraft(
  initialChatId: string | undefined,
): [string, Dispatch<SetStateAction<string>>, (chatId: string) => void] {
  const [chatId, setChatId] = useState(initialChatId);
  const [text, setText] = useState("");
  // sessionStorage exists only in the browser: read after mount, not during server rendering.
  useEffect(() => setText((current) => current || read(initialChatId)), [initialChatId]);
  useEffect(() => write(chatId, text), [chatId, text]);
  /** A new chat got its id: its draft moves with it. */
  const move = useCallback(
    (next: string) => {
      write(chatId, "");
      setChatId(next);
    },
    [chatId],
  );
  return [text, setText, move];
}
