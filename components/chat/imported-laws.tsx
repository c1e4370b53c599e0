"use client";

import Link from "next/link";
import { createContext, type ReactNode, useContext } from "react";
import { statuteHref } from "@/lib/statutes/ref-parts";

/**
 * The statutes imported, as the chat page loaded them once: an answer's references to them link to
 * their articles (the answers themselves are stored without it, so an import later links old
 * answers too). Empty outside a chat page: nothing links.
 */
export const ImportedLaws = createContext<readonly string[]>([]);

export const useImportedLaws = () => useContext(ImportedLaws);

/** Set by the chat pages (server components) around the desk, with the names listLaws() gave. */
export function ImportedLawsProvider({ laws, children }: { laws: readonly string[]; children: ReactNode }) {
  return <ImportedLaws value={laws}>{children}</ImportedLaws>;
}

/**
 * A statute reference in an answer: a link to the article's page. No panel here — the answer
 * holds no article text, and fetching one per hover is not worth it; the title says where it goes.
 */
export function AnswerStatuteLink({
  law,
  article,
  former,
  children,
}: {
  law: string;
  article: string;
  former: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      href={statuteHref(law, article)}
      data-testid="answer-statute-link"
      data-law={law}
      data-article={article}
      title={`${law} ${article} 조문 보기${former ? " (구 법을 인용했습니다: 현행 조문이 열립니다)" : ""}`}
      className="text-accent underline decoration-dotted underline-offset-2 hover:decoration-solid"
    >
      {children}
    </Link>
  );
}
