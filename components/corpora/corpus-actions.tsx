"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { deleteCorpusAction, reindexCorpusAction } from "@/app/(app)/admin/corpora/actions";
import { ConfirmButton } from "@/components/confirm-button";

export function CorpusActions({
  corpusId,
  corpusName,
  canReindex,
}: {
  corpusId: string;
  corpusName: string;
  canReindex: boolean;
}) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [confirmName, setConfirmName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  return (
    <section className="space-y-3 rounded-xl border border-line bg-white p-4">
      <h2 className="text-sm font-semibold">관리</h2>
      {/* Asked first: a reindex reads every decision again and may take long on a large corpus. */}
      <ConfirmButton
        label="다시 색인"
        question="이 말뭉치의 모든 판례를 처음부터 다시 색인할까요? 판례가 많으면 오래 걸립니다."
        confirmLabel="다시 색인 시작"
        testId="corpus-reindex"
        disabled={!canReindex || pending}
        className="w-full rounded-md border border-line px-4 py-2 text-sm disabled:opacity-50"
        onConfirm={async () => {
          const result = await reindexCorpusAction(corpusId);
          setError(result.error ?? null);
          // A fresh server render hands the new job to the progress panel.
          startTransition(() => router.refresh());
        }}
      />
      <p className="text-xs text-muted">청크 크기, 토크나이저나 임베딩 모델을 바꾼 뒤 모든 판례를 다시 색인합니다.</p>
      <button
        type="button"
        data-testid="corpus-delete"
        onClick={() => dialog.current?.showModal()}
        className="w-full rounded-md border border-red-300 px-4 py-2 text-sm text-red-700 hover:bg-red-50"
      >
        말뭉치 삭제
      </button>
      {error ? (
        <p role="alert" className="rounded bg-red-50 px-2 py-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <dialog
        ref={dialog}
        className="m-auto w-full max-w-md rounded-xl p-5 backdrop:bg-black/30"
        data-testid="delete-dialog"
      >
        <h3 className="font-semibold">말뭉치를 삭제할까요?</h3>
        <p className="mt-2 text-sm text-muted">
          색인, 보관된 판례와 올린 파일이 모두 지워지며 되돌릴 수 없습니다. 확인을 위해 이름 <b>{corpusName}</b>을(를)
          입력하세요.
        </p>
        <input
          value={confirmName}
          onChange={(e) => setConfirmName(e.target.value)}
          aria-label="말뭉치 이름 확인"
          className="mt-3 w-full rounded-md border border-line px-3 py-2 text-sm"
          data-testid="delete-confirm-name"
        />
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-md border border-line px-3 py-1.5 text-sm"
          >
            취소
          </button>
          <button
            type="button"
            disabled={confirmName.trim() !== corpusName || pending}
            data-testid="delete-confirm"
            onClick={() =>
              startTransition(async () => {
                const result = await deleteCorpusAction(corpusId, confirmName);
                if (result?.error) setError(result.error);
                dialog.current?.close();
              })
            }
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm text-white disabled:opacity-50"
          >
            삭제
          </button>
        </div>
      </dialog>
    </section>
  );
}
