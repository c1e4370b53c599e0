import { Flag, type LucideIcon, ThumbsDown, ThumbsUp } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { countFeedback, FEEDBACK_KINDS, type FeedbackKind, listFeedback } from "@/lib/db/feedback";
import { formatKoreanDateTime } from "@/lib/util/korean-time";
import { requirePageAdmin } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "답변 피드백" };
export const dynamic = "force-dynamic";

const KIND_LABEL: Record<FeedbackKind, string> = {
  up: "도움됨",
  down: "아쉬움",
  citation_error: "인용 오류 신고",
};
// Drawn icons, not emoji: a machine without an emoji font shows emoji as empty boxes.
const KIND_ICON: Record<FeedbackKind, LucideIcon> = { up: ThumbsUp, down: ThumbsDown, citation_error: Flag };

function KindLabel({ kind }: { kind: FeedbackKind }) {
  const Icon = KIND_ICON[kind];
  return (
    <>
      <Icon aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px]" />
      {KIND_LABEL[kind]}
    </>
  );
}

export default async function FeedbackPage({ searchParams }: { searchParams: Promise<{ kind?: string }> }) {
  await requirePageAdmin();
  const { kind: raw } = await searchParams;
  const kind = FEEDBACK_KINDS.find((k) => k === raw);
  const [entries, counts] = await Promise.all([listFeedback({ kind, take: 200 }), countFeedback()]);
  const total = counts.up + counts.down + counts.citation_error;
  const tabs: [FeedbackKind | undefined, string, number][] = [
    [undefined, "전체", total],
    ...FEEDBACK_KINDS.map((k): [FeedbackKind, string, number] => [k, KIND_LABEL[k], counts[k]]),
  ];
  return (
    <main className="min-w-0 flex-1 p-4 sm:p-6">
      <h1 className="font-serif text-2xl font-semibold">답변 피드백</h1>
      <p className="mb-4 mt-1 text-sm text-muted">
        변호사들이 남긴 평가와 인용 오류 신고입니다. 질문과 답변은 피드백을 남긴 때의 내용입니다.
      </p>
      <nav className="mb-4 flex flex-wrap gap-2 text-sm" aria-label="종류">
        {tabs.map(([k, label, n]) => (
          <Link
            key={label}
            href={k ? `/admin/feedback?kind=${k}` : "/admin/feedback"}
            aria-current={k === kind ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${k === kind ? "border-accent bg-accent-soft text-accent" : "border-line bg-white"}`}
          >
            {k ? <KindLabel kind={k} /> : label} <span className="tabular-nums text-muted">{n}</span>
          </Link>
        ))}
      </nav>
      {entries.length === 0 ? (
        <p className="text-sm text-muted" data-testid="feedback-empty">
          아직 피드백이 없습니다.
        </p>
      ) : (
        <ul className="space-y-3" data-testid="feedback-list">
          {entries.map((f) => (
            <li
              key={f.id}
              className="rounded-xl border border-line bg-white p-4 text-sm"
              data-testid="feedback-entry"
              data-kind={f.kind}
            >
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className={`font-medium ${f.kind === "citation_error" ? "text-red-800" : ""}`}>
                  <KindLabel kind={f.kind} />
                </span>
                <span className="break-all text-muted">{f.userEmail}</span>
                <span className="text-muted">{formatKoreanDateTime(f.createdAt)}</span>
                {f.messageId ? null : <span className="text-xs text-muted">(대화 삭제됨)</span>}
              </div>
              {f.comment ? (
                <p className="mt-2 whitespace-pre-wrap rounded bg-red-50 px-2 py-1" data-testid="feedback-comment">
                  {f.comment}
                </p>
              ) : null}
              <p className="mt-2">
                <span className="text-xs text-muted">질문 </span>
                <span data-testid="feedback-question">{f.question}</span>
              </p>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-muted">답변 보기</summary>
                <p className="mt-1 whitespace-pre-wrap text-xs leading-relaxed">{f.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
