"use client";

import { Folder } from "lucide-react";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { createMatterAction, deleteMatterAction, renameMatterAction } from "@/app/(app)/chat/manage-actions";
import { ConfirmButton } from "@/components/confirm-button";
import type { MatterRecord } from "@/lib/db/matters";

const OFFLINE = { ok: false as const, message: "서버에 연결할 수 없습니다." };
const inputClass = "min-w-0 flex-1 rounded border border-line bg-white px-2 py-1";

/** A matter (사건/의뢰인 폴더) in the list: its chats folded inside, rename and delete in its menu. */
export function MatterGroup({ matter, count, children }: { matter: MatterRecord; count: number; children: ReactNode }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(matter.name);
  const [error, setError] = useState<string>();
  return (
    <details open className="border-b border-line/60" data-testid="matter" data-matter-name={matter.name}>
      <summary className="flex cursor-pointer items-center gap-1 px-3 py-1.5 text-sm font-medium">
        <Folder aria-hidden="true" className="size-4 shrink-0 text-muted" />
        <span className="min-w-0 flex-1 truncate" data-testid="matter-name">
          {matter.name}
        </span>
        <span className="text-xs font-normal text-muted">{count}</span>
        <button
          type="button"
          data-testid="matter-menu"
          aria-expanded={editing}
          aria-label={`${matter.name} 폴더 관리`}
          className="px-1 text-muted hover:text-ink"
          onClick={(e) => {
            e.preventDefault(); // not a toggle of the folder
            setName(matter.name);
            setError(undefined);
            setEditing((v) => !v);
          }}
        >
          ⋯
        </button>
      </summary>
      {editing ? (
        <div className="space-y-2 bg-paper px-4 py-2 text-xs" data-testid="matter-menu-panel">
          <form
            className="flex gap-1"
            onSubmit={async (e) => {
              e.preventDefault();
              const r = await renameMatterAction(matter.id, name).catch(() => OFFLINE);
              if (!r.ok) return setError(r.message);
              setEditing(false);
              router.refresh();
            }}
          >
            <input
              value={name}
              maxLength={100}
              aria-label="폴더 이름"
              onChange={(e) => setName(e.target.value)}
              data-testid="matter-rename-input"
              className={inputClass}
            />
            <button type="submit" data-testid="matter-rename-save" className="rounded border border-line bg-white px-2">
              이름 바꾸기
            </button>
          </form>
          <ConfirmButton
            label="폴더 삭제"
            question="폴더만 삭제하고, 안의 대화는 폴더 밖으로 옮길까요?"
            confirmLabel="삭제"
            testId="matter-delete"
            onConfirm={async () => {
              const r = await deleteMatterAction(matter.id).catch(() => OFFLINE);
              if (!r.ok) return setError(r.message);
              router.refresh();
            }}
          />
          {error ? (
            <p role="alert" className="text-red-800">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
      {count === 0 ? <p className="px-4 pb-2 text-xs text-muted">대화 ⋯ 메뉴에서 이 폴더로 옮길 수 있습니다.</p> : null}
      {children}
    </details>
  );
}

/** "+ 사건 폴더": a name, then the folder appears in the list. */
export function NewMatterForm() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  if (!open)
    return (
      <button
        type="button"
        data-testid="new-matter"
        className="text-xs text-accent hover:underline"
        onClick={() => setOpen(true)}
      >
        + 사건 폴더
      </button>
    );
  return (
    <form
      className="mt-1 flex w-full flex-wrap gap-1 text-xs"
      onSubmit={async (e) => {
        e.preventDefault();
        const r = await createMatterAction(name).catch(() => OFFLINE);
        if (!r.ok) return setError(r.message);
        setName("");
        setOpen(false);
        setError(undefined);
        router.refresh();
      }}
    >
      <input
        value={name}
        maxLength={100}
        // biome-ignore lint/a11y/noAutofocus: opened by the user's click to type a name
        autoFocus
        aria-label="새 사건 폴더 이름"
        placeholder="예: 2024가단1234 김OO"
        onChange={(e) => setName(e.target.value)}
        data-testid="new-matter-name"
        className={inputClass}
      />
      <button type="submit" data-testid="new-matter-save" className="rounded bg-accent px-2 text-white">
        만들기
      </button>
      <button type="button" className="rounded border border-line px-2" onClick={() => setOpen(false)}>
        취소
      </button>
      {error ? (
        <p role="alert" className="w-full text-red-800" data-testid="new-matter-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
