"use client";

import { useEffect } from "react";

/** A key typed into a field belongs to it: "/" there is a slash, not a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * "/" puts the cursor in the page's main box (the element with `data-testid={testId}`), unless the
 * lawyer is typing somewhere already or holds a modifier. Renders nothing.
 */
export function SlashFocus({ testId }: { testId: string }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (e.key !== "/" || isTyping(e.target)) return;
      const box = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-testid="${testId}"]`);
      if (!box || box.disabled) return;
      e.preventDefault();
      box.focus();
      // The query already there is selected: typing replaces it, an arrow key keeps it.
      box.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [testId]);
  return null;
}
