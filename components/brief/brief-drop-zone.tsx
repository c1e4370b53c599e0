"use client";

import { useRef, useState } from "react";

const ACCEPT = ".docx,.pdf,.hwpx,.txt,.hwp";

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;

/** The draft's file: chosen with the file picker (keyboard: the input itself) or dropped on the box. */
export function BriefDropZone({
  file,
  onFile,
  disabled,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard's way
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const dropped = e.dataTransfer.files[0];
        if (dropped && !disabled) onFile(dropped);
      }}
      className={`space-y-2 rounded-md border-2 border-dashed p-3 text-sm ${over ? "border-accent bg-accent-soft" : "border-line"}`}
      data-testid="brief-drop"
    >
      <label htmlFor="brief-file" className="block font-medium">
        서면 파일을 고르거나 여기에 끌어다 놓으세요
      </label>
      <input
        ref={input}
        id="brief-file"
        type="file"
        accept={ACCEPT}
        disabled={disabled}
        data-testid="brief-file"
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        className="block w-full text-sm"
      />
      {file ? (
        <p className="flex flex-wrap items-center gap-2 text-xs" data-testid="brief-file-name">
          <span>
            고른 파일: {file.name} ({size(file.size)})
          </span>
          <button
            type="button"
            disabled={disabled}
            data-testid="brief-file-clear"
            className="rounded border border-line px-2 py-0.5 hover:bg-paper"
            onClick={() => {
              onFile(null);
              if (input.current) input.current.value = "";
            }}
          >
            파일 빼기
          </button>
        </p>
      ) : null}
    </div>
  );
}
