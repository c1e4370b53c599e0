"use client";

/**
 * The first thing Tab reaches on every page: "본문으로 건너뛰기". On the research desk it goes
 * straight to the question box (past the header and a long chat list); elsewhere to the page's
 * content. Without JavaScript the plain link still jumps to #main-content.
 */
export function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real link (it works without JavaScript); the click only picks a better target
    <a
      href="#main-content"
      data-testid="skip-link"
      className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      onClick={(e) => {
        const question = document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]');
        const target = question && !question.disabled ? question : document.getElementById("main-content");
        if (!target) return;
        e.preventDefault();
        target.focus();
        target.scrollIntoView({ block: "nearest" });
      }}
    >
      본문으로 건너뛰기
    </a>
  );
}
