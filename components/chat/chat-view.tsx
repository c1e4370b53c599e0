"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { askAction, rerunAction, saveFiltersAction, stopAction } from "@/app/(app)/chat/actions";
import { isTyping } from "@/components/a11y/slash-focus";
import { ConversationExportActions } from "@/components/export/conversation-export-actions";
import type { ChatFilters } from "@/lib/chat/filters";
import type { RerunRequest } from "@/lib/chat/rerun";
import { type AnswerState, initialAnswerState } from "@/lib/chat/state";
import type { FilterOptions } from "@/lib/db/decision-lookup";
import { AnswerCard } from "./answer-card";
import { ChatEmptyState } from "./chat-empty-state";
import { CompareDialog } from "./compare-dialog";
import { Composer, type CorpusChoice } from "./composer";
import { useDraft } from "./draft";
import { EvidencePanel, evidenceCount } from "./evidence-panel";
import { follow, reconnect, runState, showState, useRunStore } from "./run-store";
import { StrategyPicker, useStrategy } from "./strategy-picker";

export interface Turn {
  key: string;
  question: string;
  messageId?: string;
  state: AnswerState;
}

/** What a turn shows: the live state the browser follows, else what the page was rendered with. */
const view = (turn: Turn): AnswerState => runState(turn.messageId) ?? turn.state;

/**
 * The research desk: the conversation and the evidence panel scroll on their own, the question
 * box stays at the bottom at every size. Wide screens show the evidence beside the conversation;
 * a phone switches between them with two tabs above the (always visible) question box.
 */
export function ChatView({
  chatId: initialChatId,
  initialTurns,
  corpora = [],
  corpusNames = {},
  initialFilters,
  filterOptions = { levels: [] },
  role = "lawyer",
  strategy: initialStrategy,
}: {
  chatId?: string;
  initialTurns: Turn[];
  /** Corpora with decisions to search. */
  corpora?: CorpusChoice[];
  /** Every corpus by id (evidence names the corpora a decision came from). */
  corpusNames?: Record<string, string>;
  initialFilters?: ChatFilters;
  filterOptions?: FilterOptions;
  role?: "admin" | "lawyer";
  /** The chat's remembered query-time strategy. */
  strategy?: string | null;
}) {
  const router = useRouter();
  const [chatId, setChatId] = useState(initialChatId);
  const [turns, setTurns] = useState<Turn[]>(initialTurns);
  const [input, setInput, moveDraft] = useDraft(initialChatId);
  const [selected, setSelected] = useState<string | undefined>(initialTurns.at(-1)?.key);
  const [filters, setFiltersState] = useState<ChatFilters | undefined>(initialFilters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [strategy, setStrategy] = useStrategy(initialStrategy);
  const [tab, setTab] = useState<"chat" | "evidence">("chat");
  const [comparing, setComparing] = useState<Turn>();
  const messages = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  useRunStore();
  // 다시 시도 asked, not yet started: the answer stays on screen while the server checks the model.
  const [retrying, setRetrying] = useState(false);
  const running = turns.find((t) => view(t).status === "running");
  const shown = turns.find((t) => t.key === selected) ?? turns.at(-1);
  const shownState = shown ? view(shown) : undefined;
  const noCorpus = corpora.length === 0;

  // A new question scrolls to the bottom; a streaming answer is followed while the lawyer stays there.
  const turnCount = turns.length;
  const lastLength = turns.length ? view(turns[turns.length - 1] as Turn).answer.length : 0;
  useEffect(() => {
    if (turnCount > 0) pinned.current = true;
  }, [turnCount]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversation grows
  useEffect(() => {
    const box = messages.current;
    if (box && pinned.current) box.scrollTop = box.scrollHeight;
  }, [turnCount, lastLength]);

  // An answer the page was rendered with while it was still being written (reload, late refresh,
  // navigation back): follow it again instead of showing it as stopped.
  useEffect(() => {
    for (const turn of initialTurns) {
      if (turn.messageId && turn.state.status === "running") void reconnect(turn.messageId);
    }
  }, [initialTurns]);

  // "/" puts the cursor in the question box (unless typing somewhere already); Esc stops the answer
  // being written. Listed beside the pickers (composer.tsx) and in the user guide.
  const stopRunning = () => running?.messageId && stopAction(running.messageId);
  const stopRef = useRef(stopRunning);
  stopRef.current = stopRunning;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (e.key === "/" && !isTyping(e.target)) {
        const box = document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]');
        if (box && !box.disabled) {
          e.preventDefault();
          box.focus();
        }
      } else if (e.key === "Escape") {
        if (stopRef.current()) e.preventDefault();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const patch = (key: string, change: Partial<Turn>) =>
    setTurns((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t)));

  function setFilters(next: ChatFilters | undefined) {
    setFiltersState(next);
    // The chat keeps them: a reload (or the next question) starts from them.
    if (chatId) void saveFiltersAction(chatId, next ?? {}).catch(() => {});
  }

  async function ask(question: string) {
    const text = question.trim();
    if (!text || running || noCorpus) return;
    const key = `${Date.now()}`;
    setTurns((all) => [...all, { key, question: text, state: { ...initialAnswerState(), filters } }]);
    setSelected(key);
    setTab("chat");
    setFiltersOpen(false);
    setInput("");
    const result = await askAction({ question: text, chatId, filters, strategy }).catch(() => ({
      ok: false as const,
      message: "서버에 연결할 수 없습니다. 질문은 입력창에 다시 넣어 두었습니다.",
    }));
    if (!result.ok) {
      // The server could not take it (not even into its queue): say so plainly, keep the text.
      const kept = /입력/.test(result.message) ? "" : " 질문은 입력창에 다시 넣어 두었습니다.";
      patch(key, { state: { ...initialAnswerState(), status: "error", error: `${result.message}${kept}` } });
      // Nothing a lawyer typed is lost: the question goes back into the box.
      setInput((current) => current || text);
      return;
    }
    patch(key, { messageId: result.messageId });
    const following = follow(result.messageId, result.state);
    // The address becomes the chat's own; the running answer lives in the run store, so the
    // refresh that re-renders this page under its new id cannot drop it. A held question's chat
    // is not in the database yet (it waits for a lock to end): its address comes once it is.
    const adopt = () => {
      window.history.replaceState(null, "", `/chat/${result.chatId}`);
      router.refresh();
    };
    if (!chatId) {
      setChatId(result.chatId);
      moveDraft(result.chatId);
      if (!result.held) adopt();
    }
    await following;
    if (!chatId && result.held && runState(result.messageId)?.status !== "error") adopt();
    else router.refresh(); // the sidebar's chat list
  }

  /**
   * Writes a turn's answer again in place (다시 시도 from the same passages, another strategy, an
   * edited question that drops the later turns); the old answer stays as an earlier version.
   */
  async function rerun(turn: Turn, request: Omit<RerunRequest, "answerId">) {
    const id = turn.messageId;
    if (!id || running || retrying) return;
    const before = view(turn);
    const fresh = () => showState(id, { ...initialAnswerState(), filters: before.filters });
    // A retry keeps the answer in view until the rewrite starts: the model may still be down.
    if (request.kind === "retry") setRetrying(true);
    else fresh();
    setSelected(turn.key);
    const result = await rerunAction({ answerId: id, ...request })
      .catch(() => ({ ok: false as const, message: "서버에 연결할 수 없습니다." }))
      .finally(() => setRetrying(false));
    if (!result.ok) {
      showState(id, { ...before, error: result.message });
      return;
    }
    if (request.kind === "retry") fresh();
    if (request.kind === "edit" && request.question) {
      const question = request.question;
      setTurns((all) => {
        const at = all.findIndex((t) => t.key === turn.key);
        return all.slice(0, at + 1).map((t) => (t.key === turn.key ? { ...t, question } : t));
      });
    }
    await follow(id, result.state);
    router.refresh();
  }

  const tabClass = (active: boolean) =>
    `flex-1 py-2 text-sm ${active ? "border-b-2 border-accent font-semibold text-accent" : "text-muted"}`;
  return (
    <main className="grid min-h-0 min-w-0 flex-1 grid-rows-[auto_minmax(0,1fr)_auto] lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[minmax(0,1fr)_auto] print:block">
      <div className="flex border-b border-line bg-white lg:hidden print:hidden" role="tablist" aria-label="보기">
        <button
          type="button"
          role="tab"
          aria-selected={tab === "chat"}
          onClick={() => setTab("chat")}
          className={tabClass(tab === "chat")}
          data-testid="tab-chat"
        >
          대화
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "evidence"}
          onClick={() => setTab("evidence")}
          className={tabClass(tab === "evidence")}
          data-testid="tab-evidence"
        >
          근거{shownState && evidenceCount(shownState) ? ` ${evidenceCount(shownState)}건` : ""}
        </button>
      </div>
      <div
        ref={messages}
        onScroll={(e) => {
          const box = e.currentTarget;
          pinned.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
        }}
        className={`relative row-start-2 min-h-0 space-y-6 overflow-y-auto p-4 sm:p-6 lg:col-start-1 lg:row-start-1 lg:block print:overflow-visible ${tab === "chat" ? "" : "hidden"}`}
        data-testid="messages"
      >
        {turns.length === 0 ? <ChatEmptyState noCorpus={noCorpus} role={role} /> : null}
        <ConversationExportActions
          chatId={chatId}
          turns={turns.map((t) => ({ question: t.question, state: view(t) }))}
        />
        {turns.map((turn, i) => (
          <AnswerCard
            key={turn.key}
            question={turn.question}
            chatId={chatId}
            messageId={turn.messageId}
            state={view(turn)}
            corpusNames={corpusNames}
            selected={turn.key === shown?.key}
            onShowEvidence={() => {
              setSelected(turn.key);
              setTab("evidence");
            }}
            onRetry={
              running || retrying
                ? undefined
                : turn.messageId
                  ? () => void rerun(turn, { kind: "retry" })
                  : () => void ask(turn.question)
            }
            onEdit={running || !turn.messageId ? undefined : (question) => void rerun(turn, { kind: "edit", question })}
            onRerun={
              running || !turn.messageId ? undefined : (strategy) => void rerun(turn, { kind: "strategy", strategy })
            }
            onCompare={() => setComparing(turn)}
            later={turns.length - i - 1}
          />
        ))}
        {comparing ? (
          <CompareDialog
            question={comparing.question}
            filters={view(comparing).filters}
            initial={view(comparing).strategy?.id}
            chatId={chatId}
            onClose={() => setComparing(undefined)}
          />
        ) : null}
      </div>
      <aside
        className={`relative row-start-2 min-h-0 overflow-y-auto border-line bg-paper p-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:block lg:border-l print:hidden ${tab === "evidence" ? "" : "hidden"}`}
        aria-label="근거"
        data-testid="evidence-pane"
      >
        {shownState ? (
          <EvidencePanel state={shownState} corpusNames={corpusNames} />
        ) : (
          <p className="text-sm text-muted">질문하면 검색 과정과 근거 판례가 여기에 나타납니다.</p>
        )}
      </aside>
      <div className="row-start-3 min-w-0 lg:col-start-1 lg:row-start-2">
        <Composer
          input={input}
          setInput={setInput}
          onAsk={(text) => void ask(text)}
          onStop={() => void stopRunning()}
          running={Boolean(running)}
          disabled={noCorpus}
          corpora={corpora}
          corpusNames={corpusNames}
          filters={filters}
          setFilters={setFilters}
          filterOptions={filterOptions}
          filtersOpen={filtersOpen}
          setFiltersOpen={setFiltersOpen}
          tools={
            <StrategyPicker
              value={strategy}
              onChange={setStrategy}
              disabled={Boolean(running)}
              corpora={corpora.map((c) => ({ id: c.id, atomic: c.atomic ?? false }))}
              scope={filters?.corpusIds}
            />
          }
        />
      </div>
    </main>
  );
}
