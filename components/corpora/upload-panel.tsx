"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { cancelJobAction, resumeJobAction } from "@/app/(app)/admin/corpora/actions";
import { fetchJobView, useJobPoll } from "@/components/jobs/use-job-poll";
import { zeroCounts } from "@/lib/ingest/job-counts";
import { JobProgress, type JobView } from "./job-progress";

interface Props {
  corpusId: string;
  maxBytes: number;
  maxFiles: number;
  initialJob: JobView | null;
}

const ACCEPT = ".md,.markdown,.txt,.json,.jsonl,.zip";
const META_FIELDS = [
  ["caseNo", "사건번호", "2023다12345"],
  ["caseName", "사건명", "손해배상(기)"],
  ["court", "법원", "대법원"],
  ["caseType", "사건종류", "민사"],
  ["decisionDate", "선고일자", "2023-05-18"],
] as const;
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** A file with the path it had inside a chosen folder (webkitRelativePath), when any. */
function relativeName(file: File): string {
  return (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
}

export function UploadPanel({ corpusId, maxBytes, maxFiles, initialJob }: Props) {
  const router = useRouter();
  const [files, setFiles] = useState<File[]>([]);
  const [uploadRatio, setUploadRatio] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<JobView | null>(initialJob);
  const [dragging, setDragging] = useState(false);
  const folderInput = useRef<HTMLInputElement>(null);
  const metaForm = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // React has no prop for it: folder picking is a non-standard attribute set on the element.
    folderInput.current?.setAttribute("webkitdirectory", "");
  }, []);

  const active = job && (job.status === "queued" || job.status === "running");
  const jobId = job?.id;

  const reload = (id: string) => fetchJobView<JobView>(`/api/admin/jobs/${id}`);

  // Poll while the job runs; refresh the server-rendered document list when it ends.
  useJobPoll<JobView>(jobId && `/api/admin/jobs/${jobId}`, Boolean(active), 800, setJob);

  const control = async (action: typeof cancelJobAction) => {
    if (!job) return;
    const result = await action(corpusId, job.id);
    setError(result.error ?? null);
    const next = await reload(job.id);
    if (next) setJob(next);
    router.refresh();
  };

  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const limitError =
    files.length > maxFiles
      ? `파일이 너무 많습니다: ${files.length}개 (최대 ${maxFiles}개)`
      : totalBytes > maxBytes
        ? `용량이 한도를 넘습니다: ${mb(totalBytes)}MB (최대 ${mb(maxBytes)}MB). 큰 말뭉치는 서버에서 'npm run ingest'로 가져오세요.`
        : null;

  const upload = useCallback(() => {
    if (files.length === 0 || limitError) return;
    setError(null);
    // Fields before files: the server streams each file to disk as it arrives, so it gets the names
    // (paths, in file order) and the hints before the first byte of a file.
    const body = new FormData();
    for (const file of files) body.append("paths", relativeName(file));
    for (const input of metaForm.current?.querySelectorAll("input") ?? [])
      body.append(`meta.${input.name}`, input.value);
    for (const file of files) body.append("files", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/admin/corpora/${corpusId}/upload`);
    xhr.upload.onprogress = (e) => e.lengthComputable && setUploadRatio(e.loaded / e.total);
    xhr.onerror = () => {
      setUploadRatio(null);
      setError("서버에 연결할 수 없습니다. 네트워크를 확인하고 다시 시도해 주세요.");
    };
    xhr.onload = () => {
      setUploadRatio(null);
      let payload: { jobId?: string; error?: string } = {};
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML error page: fall through to the generic message.
      }
      if (xhr.status >= 400 || !payload.jobId) {
        setError(payload.error ?? `업로드에 실패했습니다 (HTTP ${xhr.status}).`);
        return;
      }
      setFiles([]);
      setJob({
        id: payload.jobId,
        corpusId,
        status: "queued",
        kind: "upload",
        force: false,
        errors: [],
        message: null,
        cancelRequested: false,
        startedAt: null,
        ...zeroCounts(),
      });
    };
    setUploadRatio(0);
    xhr.send(body);
  }, [files, limitError, corpusId]);

  const choose = (list: FileList | null) => setFiles(list ? Array.from(list) : []);

  return (
    <section className="space-y-3 rounded-xl border border-line bg-white p-4" aria-labelledby="upload-heading">
      <h2 id="upload-heading" className="text-sm font-semibold">
        판례 올리기
      </h2>
      <label
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          choose(e.dataTransfer.files);
        }}
        className={`block cursor-pointer rounded-lg border-2 border-dashed p-4 text-center text-sm ${dragging ? "border-accent bg-accent-soft" : "border-line"}`}
      >
        <span className="block font-medium">파일을 끌어다 놓거나 눌러서 선택</span>
        <span className="mt-1 block text-xs text-muted">
          precedent-kr 마크다운(.md), JSON/JSONL, 텍스트(.txt), zip · 최대 {mb(maxBytes)}MB, {maxFiles}개
        </span>
        <input
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          data-testid="upload-files"
          onChange={(e) => choose(e.target.files)}
        />
      </label>
      <div className="flex items-center justify-between text-sm">
        <label className="cursor-pointer text-accent underline">
          폴더 선택
          <input ref={folderInput} type="file" multiple className="sr-only" onChange={(e) => choose(e.target.files)} />
        </label>
        {files.length > 0 ? (
          <span className="text-muted" data-testid="upload-selection">
            {files.length}개 파일 · {mb(totalBytes)}MB
          </span>
        ) : null}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted">텍스트 파일의 판례 정보 (선택)</summary>
        <p className="mt-1 text-xs text-muted">
          .txt/.md 판례 본문에 사건번호 등이 적혀 있지 않을 때 씁니다. 파일에 적힌 정보가 우선합니다.
        </p>
        <div ref={metaForm} className="mt-2 grid grid-cols-2 gap-2">
          {META_FIELDS.map(([name, label, example]) => (
            <label key={name} className="text-xs">
              <span className="mb-0.5 block text-muted">{label}</span>
              <input
                name={name}
                placeholder={example}
                data-testid={`upload-meta-${name}`}
                className="w-full rounded border border-line px-2 py-1 text-sm"
              />
            </label>
          ))}
        </div>
      </details>
      {limitError || error ? (
        <p role="alert" className="rounded bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="upload-error">
          {limitError ?? error}
        </p>
      ) : null}
      {uploadRatio !== null ? (
        <div
          className="h-2 overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-label="업로드 진행률"
          aria-valuenow={Math.round(uploadRatio * 100)}
        >
          <div className="h-full bg-sky-600" style={{ width: `${uploadRatio * 100}%` }} />
        </div>
      ) : null}
      <button
        type="button"
        onClick={upload}
        disabled={files.length === 0 || Boolean(limitError) || uploadRatio !== null || Boolean(active)}
        data-testid="upload-submit"
        className="w-full rounded-md bg-accent px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
      >
        {uploadRatio !== null ? "올리는 중…" : active ? "색인 작업 진행 중" : "올리고 색인하기"}
      </button>
      {job ? (
        <JobProgress job={job} onCancel={() => control(cancelJobAction)} onResume={() => control(resumeJobAction)} />
      ) : null}
    </section>
  );
}
