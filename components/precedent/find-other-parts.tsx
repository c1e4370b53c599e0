"use client";

import { useEffect, useState } from "react";
import { findInDecisionAction } from "@/app/(app)/precedents/[caseNo]/actions";
import type { FindCounts } from "@/lib/precedent/find-parts";

/**
 * Find in a decision shown in parts: the browser finds in the part on screen; the server counts
 * the matches in every part (lib/precedent/find-parts.ts, in the viewer's worker), and this line
 * links to the other parts that hold the words, each opened with them found.
 */

export interface OtherParts {
  caseNo: string;
  corpusId: string;
  /** The part on screen. */
  page: number;
  /** This part's address ("?…&p=1"): the link to another part changes only p and find. */
  hrefBase: string;
}

type State = { status: "idle" } | { status: "loading" } | { status: "done"; counts: FindCounts } | { status: "failed" };

// Typing is not searched letter by letter across a whole decision.
const DEBOUNCE_MS = 400;
const SHOWN_PARTS = 12;

export function useOtherParts(parts: OtherParts | undefined, query: string): State {
  const [state, setState] = useState<State>({ status: "idle" });
  const caseNo = parts?.caseNo;
  const corpusId = parts?.corpusId;
  useEffect(() => {
    if (!caseNo || !corpusId || !query.trim()) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    const timer = window.setTimeout(async () => {
      const result = await findInDecisionAction({ caseNo, corpusId, query }).catch(() => null);
      if (!live) return;
      setState(result?.ok ? { status: "done", counts: result.data } : { status: "failed" });
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [caseNo, corpusId, query]);
  return state;
}

export function OtherPartsLine({ parts, query, state }: { parts: OtherParts; query: string; state: State }) {
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(parts.hrefBase.replace(/^\?/, ""));
    params.set("p", String(page));
    params.set("find", query.trim());
    return `?${params.toString()}`;
  };
  let body: React.ReactNode;
  if (state.status === "loading") body = "판결문 전체에서 찾는 중…";
  else if (state.status === "failed") body = "판결문 전체에서 찾지 못했습니다. 이 부분에서만 찾습니다.";
  else if (state.status === "done") {
    const others = state.counts.pages.filter((p) => p.page !== parts.page);
    const total = `${state.counts.total.toLocaleString("ko-KR")}${state.counts.capped ? "건 이상" : "건"}`;
    body =
      others.length === 0 ? (
        `판결문 전체 ${total}, 모두 이 부분에 있습니다.`
      ) : (
        <>
          판결문 전체 {total}. 다른 부분:{" "}
          {others.slice(0, SHOWN_PARTS).map((p, i) => (
            <span key={p.page}>
              {i > 0 ? ", " : ""}
              <a href={hrefFor(p.page)} className="text-accent underline" data-testid="find-other-part">
                {p.page.toLocaleString("ko-KR")}번째 부분({p.count.toLocaleString("ko-KR")}건)
              </a>
            </span>
          ))}
          {others.length > SHOWN_PARTS ? ` 외 ${others.length - SHOWN_PARTS}부분` : ""}
        </>
      );
  }
  return body ? (
    <p className="basis-full text-xs text-muted" data-testid="find-other-parts" aria-live="polite">
      {body}
    </p>
  ) : null;
}
