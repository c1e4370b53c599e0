"use client";

import { readStreamableValue } from "@ai-sdk/rsc";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { askAction, stopAction } from "@/app/(app)/chat/actions";
import { type AnswerState, initialAnswerState } from "@/lib/chat/state";
import { AnswerText } from "./answer-text";
import { EvidencePanel } from "./evidence-panel";

export interface Turn {
  key: string;
  question: string;
  messageId?: string;
  state: AnswerState;
}

const STATUS_NOTE: Partial<Record<AnswerState["status"], string>> = {
  stopped: "답변을 중단했습니다.",
  error: "답변을 만들지 못했습니다.",
};

export function ChatView({
  chatId: initialChatId,
  initialTurns,
  corpora = [],
}: {
  chatId?: string;
  initialTurns: Turn[];
  corpora?: { id: string; name: string; documentCount: number }[];
}) {
  const router = useRouter();
  const [chatId, setChatId] = useState(initialChatId);
  const [turns, setTurns] = useState<Turn[]>(initialTurns);
  const [input, setInput] = useState("");
  const [selected, setSelected] = useState<string | undefined>(initialTurns.at(-1)?.key);
  const [copied, setCopied] = useState<string | null>(null);
  const [scope, setScope] = useState("");
  const bottom = useRef<HTMLDivElement>(null);
  const running = turns.find((t) => t.state.status === "running");
  const shown = turns.find((t) => t.key === selected) ?? turns.at(-1);

  const turnCount = turns.length;
  useEffect(() => {
    if (turnCount > 0) bottom.current?.scrollIntoView({ block: "end" });
  }, [turnCount]);

  const patch = (key: string, change: Partial<Turn>) =>
    setTurns((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t)));

  async function ask(question: string) {
    const text = question.trim();
    if (!text || running) return;
    const key = `${Date.now()}`;
    setTurns((all) => [...all, { key, question: text, state: initialAnswerState() }]);
    setSelected(key);
    setInput("");
    const result = await askAction({ question: text, chatId, corpusIds: scope ? [scope] : undefined });
    if (!result.ok) {
      patch(key, { state: { ...initialAnswerState(), status: "error", error: result.message } });
      return;
    }
    patch(key, { messageId: result.messageId });
    if (!chatId) {
      setChatId(result.chatId);
      // Keep this view (and its stream) while the address becomes the chat's own.
      window.history.replaceState(null, "", `/chat/${result.chatId}`);
    }
    try {
      for await (const state of readStreamableValue(result.state)) if (state) patch(key, { state });
    } catch {
      patch(key, {
        state: { ...initialAnswerState(), status: "error", error: "서버와의 연결이 끊어졌습니다. 다시 시도해 주세요." },
      });
    }
    router.refresh(); // the sidebar's chat list
  }

  return (
    <div className="flex min-w-0 flex-1 flex-col lg:flex-row">
      <section className="flex min-w-0 flex-1 flex-col">
        <div className="flex-1 space-y-6 overflow-y-auto p-6" data-testid="messages">
          {turns.length === 0 ? <EmptyState /> : null}
          {turns.map((turn) => (
            <article key={turn.key} className="space-y-3" data-testid="turn">
              <div
                className="ml-auto max-w-[85%] whitespace-pre-wrap rounded-xl bg-accent px-4 py-2 text-white"
                data-testid="question"
              >
                {turn.question}
              </div>
              <div
                className={`rounded-xl border bg-white p-4 ${turn.key === shown?.key ? "border-accent" : "border-line"}`}
                data-testid="answer"
                data-status={turn.state.status}
              >
                {turn.state.answer ? (
                  <AnswerText text={turn.state.answer} record={turn.state.record} />
                ) : turn.state.status === "running" ? (
                  <p className="text-muted">판례를 찾고 있습니다…</p>
                ) : null}
                {turn.state.error ? (
                  <p role="alert" className="mt-2 text-sm text-red-800">
                    {turn.state.error}
                  </p>
                ) : STATUS_NOTE[turn.state.status] ? (
                  <p className="mt-2 text-xs text-muted">{STATUS_NOTE[turn.state.status]}</p>
                ) : null}
                {turn.state.status !== "running" ? (
                  <div className="mt-3 flex gap-3 text-xs text-muted">
                    <button type="button" onClick={() => setSelected(turn.key)} className="hover:text-ink">
                      근거 보기
                    </button>
                    {turn.state.answer ? (
                      <button
                        type="button"
                        data-testid="copy-answer"
                        onClick={async () => {
                          await navigator.clipboard?.writeText(turn.state.answer).catch(() => {});
                          setCopied(turn.key);
                        }}
                        className="hover:text-ink"
                      >
                        {copied === turn.key ? "복사됨" : "복사"}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      data-testid="retry"
                      disabled={Boolean(running)}
                      onClick={() => ask(turn.question)}
                      className="hover:text-ink disabled:opacity-50"
                    >
                      다시 시도
                    </button>
                  </div>
                ) : null}
              </div>
            </article>
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
          <EvidencePanel state={shown.state} />
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
