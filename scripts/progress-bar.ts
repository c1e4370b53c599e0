import type { JobCounts } from "../lib/db/jobs";

/** One terminal line: bar, files, documents, rate and ETA (redrawn in place with \r). */
export function renderProgress(counts: JobCounts, startedAt: number, width = 30): string {
  const ratio = counts.filesTotal > 0 ? counts.filesDone / counts.filesTotal : 0;
  const filled = Math.round(ratio * width);
  const elapsed = (Date.now() - startedAt) / 1000;
  const eta = ratio > 0 ? Math.max(0, elapsed / ratio - elapsed) : 0;
  const rate = elapsed > 0 ? counts.chunked / elapsed : 0;
  return `\r[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${(ratio * 100).toFixed(1)}% 파일 ${counts.filesDone}/${counts.filesTotal} · 문서 ${counts.indexed + counts.unchanged} · 청크 ${counts.chunked} (${rate.toFixed(0)}/s) · 실패 ${counts.failed} · 남은 시간 ${formatSeconds(eta)}   `;
}

export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return "-";
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m > 0 ? `${m}분 ${s}초` : `${s}초`;
}
