"use client";

import { useEffect } from "react";

/**
 * The decision's text streams in after the page around it, so the browser may have looked for the
 * address's #passage-… / #part-… before it existed: once the text is there, go to it.
 */
export function ScrollToHash() {
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (!hash) return;
    let id = hash;
    try {
      id = decodeURIComponent(hash);
    } catch {
      // a stray "%": look for the id as written
    }
    document.getElementById(id)?.scrollIntoView();
  }, []);
  return null;
}
