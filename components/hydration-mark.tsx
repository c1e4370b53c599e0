"use client";

import { useEffect } from "react";

/**
 * Marks the document once React has hydrated it (`<html data-hydrated="1">`). Until then a control
 * shows but does not answer: a choice made in that moment is lost. The browser tests wait for the
 * mark before they touch a page (e2e/helpers.ts); nothing in the app reads it.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return null;
}
