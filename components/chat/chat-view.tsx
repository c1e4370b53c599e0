"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { askAction, stopAction } from "@/app/(app)/chat/actions";
import { type AnswerState, initialAnswerState } from "@/lib/chat/state";
import { AnswerCard } from "./answer-card";
import { useDraft } from "./draft";
import { EvidencePanel } from "./evidence-panel";
import { follow, reconnect, runState, useRunStore } from "./run-store";
import { StrategyPicker, useStrategy } from "./strategy-picker";

export interface Turn {
  key: string;
  question: string;
  messageId?: string;
  state: AnswerState;
}

/** What a turn shows: the live state the browser follows, else what the page was rendered with. */
const view = (turn: Turn): AnswerState => runState(turn.messageId) ?? turn.state;

export function ChatView({
  chatId: initialChatId,
  initialTurns,
  corpora = [],
  strategy: initialStrategy,
}: {
  chatId?: string;
  initialTurns: Turn[];
  corpora?: { id: string; name: string; documentCount: number }[];
  strategy?: string | null;
}) {
  const router = useRouter();
  const [chatId, setChatId] = useState(initialChatId);
  const [turns, setTurns] = useState<Turn[]>(initialTurns);
  const [input, setInput, moveDraft] = useDraft(initialChatId);
  const [selected, setSelected] = useState<string | undefined>(initialTurns.at(-1)?.key);
  const [scope, setScope] = useState("");
  const [strategy, setStrategy] = useStrategy(initialStrategy);
  const bottom = useRef<HTMLDivElement>(null);
  useRunStore();
  const running = turns.find((t) => view(t).status === "running");
  const shown = turns.find((t) => t.key === selected) ?? turns.at(-1);

  const turnCount = turns.length;
  useEffect(() => {
    if (turnCount > 0) bottom.current?.scrollIntoView({ block: "end" });
  }, [turnCount]);

  // An answer the page was rendered with while it was still being written (reload, late refresh,
  // navigation back): follow it again instead of showing it as stopped.
  useEffect(() => {
    for (const turn of initialTurns) {
      if (turn.messageId && turn.state.status === "running") void reconnect(turn.messageId);
    }
  }, [initialTurns]);

  const patch = (key: string, change: Partial<Turn>) =>
    setTurns((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t)));

  async function ask(question: string) {
    const text = question.trim();
    if (!text || running) return;
    const key = `${Date.now()}`;
    setTurns((all) => [...all, { key, question: text, state: initialAnswerState() }]);
    setSelected(key);
    setInput("");
    const result = await askAction({ question: text, chatId, corpusIds: scope ? [scope] : undefined, strategy }).catch(
      () => ({
        ok: false as const,
        message: "서버에 연결할 수 없습니다. 질문은 입력창에 다시 넣어 두었습니다.",
      }),
    );
    if (!result.ok) {
      patch(key, { state: { ...initialAnswerState(), status: "error", error: result.message } });
      // Nothing a lawyer typed is lost: the question goes back into the box.
      setInput((current) => current || text);
      return;
    }
    patch(key, { messageId: result.messageId });
    const following = follow(result.messageId, result.state);
    if (!chatId) {
      setChatId(result.chatId);
      moveDraft(result.chatId);
      // The address becomes the chat's own; the running answer lives in the run store, so the
      // refresh that re-renders this page under its new id cannot drop it.
      window.history.replaceState(null, "", `/chat/${result.chatId}`);
      router.refresh();
    }
    await following;
    router.refresh(); // the sidebar's chat list
  }

  return (
    <div className="flex min-w-0 flex-1 flex-col lg:flex-row">
      <section className="flex min-w-0 flex-1 flex-col">
        <div className="flex-1 space-y-6 overflow-y-auto p-6" data-testid="messages">
          {turns.length === 0 ? <EmptyState /> : null}
          {turns
            .map((turn) => ({ turn, state: view(turn) }))
            .map(({ turn, state }) => (
              <AnswerCard
                key={turn.key}
                question={turn.question}
                state={state}
                selected={turn.key === shown?.key}
                onShowEvidence={() => setSelected(turn.key)}
                onRetry={running ? undefined : () => ask(turn.question)}
              />
            ))}
          <div ref={bottom} />
        </div>
        <form
          className="border-t border-line bg-white p-4"
          onSubmit={(e) => {
            e.preventDefault();
            void ask(input);
          }}
        >
          {corpora.length > 1 ? (
            <label className="mb-2 flex items-center gap-2 text-xs text-muted">
              검색 범위
              <select
                value={scope}
                onChange={(e) => setScope(e.target.value)}
                data-testid="chat-scope"
                className="rounded border border-line bg-white px-2 py-1 text-xs text-ink"
              >
                <option value="">모든 말뭉치</option>
                {corpora.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.documentCount}건)
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <StrategyPicker value={strategy} onChange={setStrategy} disabled={Boolean(running)} />
          <div className="flex items-end gap-2">
            <textarea
              value={input}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={(e) => {
                // Enter sends; Shift+Enter (and Enter while composing Hangul) makes a new line.
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void ask(input);
                }
              }}
              rows={2}
              maxLength={4000}
              placeholder="사실관계와 궁금한 점을 적어 주세요. (Enter 보내기 · Shift+Enter 줄바꿈)"
              aria-label="질문"
              data-testid="chat-input"
              className="max-h-48 min-h-[3rem] flex-1 resize-y rounded-lg border border-line px-3 py-2 outline-none focus:border-accent"
            />
            {running ? (
              <button
                type="button"
                data-testid="stop"
                onClick={() => running.messageId && stopAction(running.messageId)}
                className="rounded-lg border border-red-300 px-4 py-2 text-red-700 hover:bg-red-50"
              >
                중지
              </button>
            ) : (
              <button
                type="submit"
                disabled={!input.trim()}
                data-testid="send"
                className="rounded-lg bg-accent px-4 py-2 font-medium text-white disabled:opacity-50"
              >
                보내기
              </button>
            )}
          </div>
        </form>
      </section>
      <aside
        className="w-full shrink-0 border-t border-line bg-paper p-4 lg:w-96 lg:overflow-y-auto lg:border-l lg:border-t-0"
        aria-label="근거"
      >
        {shown ? (
          <EvidencePanel state={view(shown)} />
        ) : (
          <p className="text-sm text-muted">질문하면 분석 질의, 근거 질의와 근거 판례가 여기에 나타납니다.</p>
        )}
      </aside>
    </div>
  );
}

const STEPS = [
  ["분석 질의", "법률 분석가 역할의 모델이 핵심 쟁점과 법률 용어를 뽑습니다."],
  ["근거 질의", "판사 역할의 모델이 가상의 판결 이유를 작성해 검색에 씁니다."],
  ["판례 검색", "세 질의로 키워드·의미 검색을 함께 돌리고, 순위를 합친 뒤 다시 정렬합니다."],
  ["답변", "검색된 판례만 근거로 답하고, 사건번호마다 원문으로 연결합니다."],
] as const;

function EmptyState() {
  return (
    <div className="mx-auto max-w-2xl pt-6" data-testid="chat-empty">
      <h1 className="font-serif text-2xl font-semibold">무엇을 찾고 계신가요?</h1>
      <p className="mt-1 text-muted">질문하시면 이렇게 판례를 찾아 답합니다.</p>
      <ol className="mt-5 space-y-2">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="flex gap-3 rounded-lg border border-line bg-white p-3">
            <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent">
              {i + 1}
            </span>
            <span>
              <span className="font-medium">{title}</span>
              <span className="ml-2 text-sm text-muted">{text}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
