"use client";

import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useEffect, useState } from "react";
import { myFeedbackAction, reportCitationAction, voteAction } from "@/app/(app)/chat/feedback-actions";

type Vote = "up" | "down" | null;
const OFFLINE = { ok: false as const, message: "서버에 연결할 수 없습니다." };

/**
 * 👍 / 👎 and 인용 오류 신고 under a saved answer. Stored with the question and answer for the
 * admins' feedback list (/admin/feedback).
 */
export function AnswerFeedback({ messageId }: { messageId?: string }) {
  const [vote, setVote] = useState<Vote>(null);
  const [reports, setReports] = useState(0);
  const [reporting, setReporting] = useState(false);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!messageId) return;
    let live = true;
    void myFeedbackAction(messageId)
      .catch(() => OFFLINE)
      .then((r) => {
        if (live && r.ok) {
          setVote(r.data.vote);
          setReports(r.data.reports);
        }
      });
    return () => {
      live = false;
    };
  }, [messageId]);

  if (!messageId) return null;

  async function cast(next: "up" | "down") {
    if (!messageId) return;
    setError(undefined);
    const r = await voteAction(messageId, vote === next ? null : next).catch(() => OFFLINE);
    if (r.ok) setVote(r.data);
    else setError(r.message);
  }

  async function send() {
    if (!messageId) return;
    setBusy(true);
    setError(undefined);
    const r = await reportCitationAction(messageId, text).catch(() => OFFLINE);
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setReports((n) => n + 1);
    setReporting(false);
    setText("");
    setSent(true);
  }

  // The root is `display: contents`: the buttons sit in the answer's action bar (a wrapping flex
  // row) and the report form takes a line of its own below them.
  const voteClass = (on: boolean) =>
    `rounded px-1.5 py-0.5 ${on ? "bg-accent-soft text-accent" : "hover:bg-paper hover:text-ink"}`;
  return (
    <span className="contents" data-testid="answer-feedback">
      <button
        type="button"
        data-testid="feedback-up"
        aria-pressed={vote === "up"}
        aria-label="도움이 됨"
        title="도움이 됨"
        className={voteClass(vote === "up")}
        onClick={() => void cast("up")}
      >
        <ThumbsUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        data-testid="feedback-down"
        aria-pressed={vote === "down"}
        aria-label="도움이 안 됨"
        title="도움이 안 됨"
        className={voteClass(vote === "down")}
        onClick={() => void cast("down")}
      >
        <ThumbsDown aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        data-testid="feedback-report"
        aria-expanded={reporting}
        className="hover:text-ink"
        onClick={() => {
          setReporting((v) => !v);
          setSent(false);
        }}
      >
        인용 오류 신고{reports > 0 ? ` (${reports})` : ""}
      </button>
      {sent ? (
        <span role="status" data-testid="feedback-report-done" className="text-emerald-800">
          신고했습니다. 관리자가 확인합니다.
        </span>
      ) : null}
      {reporting ? (
        <span className="flex w-full basis-full flex-col gap-1.5" data-testid="feedback-report-form">
          <label className="text-ink">
            어떤 인용이 잘못되었나요? (사건번호, 이유)
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={3}
              maxLength={2000}
              data-testid="feedback-report-text"
              className="mt-1 block w-full rounded border border-line bg-white px-2 py-1 text-sm"
            />
          </label>
          <span className="flex gap-2">
            <button
              type="button"
              disabled={busy}
              data-testid="feedback-report-send"
              className="rounded bg-accent px-2 py-1 text-white hover:opacity-90 disabled:opacity-60"
              onClick={() => void send()}
            >
              {busy ? "보내는 중…" : "신고 보내기"}
            </button>
            <button type="button" className="rounded border border-line px-2 py-1" onClick={() => setReporting(false)}>
              취소
            </button>
          </span>
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="text-red-800" data-testid="feedback-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
