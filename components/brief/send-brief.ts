import type { BriefReport } from "@/lib/brief/types";

/**
 * Sends a draft to POST /brief/check with XMLHttpRequest rather than fetch: only XHR reports how
 * much of a file has gone up, which a 20 MB PDF on a slow office line needs to show.
 */

export type BriefOutcome = { ok: true; report: BriefReport } | { ok: false; message: string };

export const FAILED = "검증하지 못했습니다. 잠시 후 다시 시도해 주세요. 올린 글은 그대로 있습니다.";

export function sendBrief(
  body: FormData | string,
  on: { progress: (percent: number) => void; uploaded: () => void },
): { done: Promise<BriefOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<BriefOutcome>((resolve) => {
    xhr.open("POST", "/brief/check");
    if (typeof body === "string") xhr.setRequestHeader("content-type", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) on.progress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    // Every byte is up: from here the server reads the file and checks each citation.
    xhr.upload.onload = () => on.uploaded();
    xhr.onload = () => {
      const data = xhr.response as (BriefReport & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && data && Array.isArray(data.citations))
        resolve({ ok: true, report: data });
      else if (xhr.status === 401) resolve({ ok: false, message: "로그인이 끝났습니다. 다시 로그인해 주세요." });
      else resolve({ ok: false, message: typeof data?.error === "string" ? data.error : FAILED });
    };
    xhr.onerror = () =>
      resolve({ ok: false, message: "서버에 연결하지 못했습니다. 네트워크를 확인하고 다시 시도해 주세요." });
    xhr.onabort = () => resolve({ ok: false, message: "검증을 멈췄습니다." });
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
