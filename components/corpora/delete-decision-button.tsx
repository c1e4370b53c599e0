"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { deleteDecisionAction } from "@/app/(app)/admin/corpora/actions";

/** A row's 삭제: asks first (naming the decision), then removes it from the corpus. */
export function DeleteDecisionButton({
  corpusId,
  caseNo,
  caseName,
}: {
  corpusId: string;
  caseNo: string;
  caseName: string;
}) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setError(null);
          dialog.current?.showModal();
        }}
        aria-label={`${caseNo} 삭제`}
        title="이 판례 삭제"
        data-testid="decision-delete"
        className="rounded p-1 text-muted hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
      <dialog
        ref={dialog}
        className="m-auto w-full max-w-md rounded-xl p-5 text-left backdrop:bg-black/30"
        data-testid="decision-delete-dialog"
      >
        <h3 className="font-semibold">이 판례를 말뭉치에서 삭제할까요?</h3>
        <p className="mt-2 text-sm">
          <span className="font-mono">{caseNo}</span> {caseName}
        </p>
        <p className="mt-2 text-sm text-muted">
          검색 색인과 보관된 원문에서 지워집니다. 되돌리려면 그 파일을 다시 올리세요. 이 판례를 인용한 기존 답변은
          그대로 남지만, 판례 보기는 열리지 않습니다.
        </p>
        {error ? (
          <p role="alert" className="mt-3 rounded bg-red-50 px-2 py-1 text-sm text-red-800">
            {error}
          </p>
        ) : null}
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
            disabled={pending}
            data-testid="decision-delete-confirm"
            onClick={() =>
              startTransition(async () => {
                const result = await deleteDecisionAction(corpusId, caseNo);
                if (result.error) {
                  setError(result.error);
                  return;
                }
                dialog.current?.close();
                router.refresh();
              })
            }
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm text-white disabled:opacity-50"
          >
            {pending ? "삭제하는 중…" : "삭제"}
          </button>
        </div>
      </dialog>
    </>
  );
}
