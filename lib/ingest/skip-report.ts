import type { JobError } from "../db/jobs";

// No Node imports here: the job view (a client component) reads SKIPPED_CODE.

/** Why an uploaded file or zip entry was not kept; shown to the admin in the job's error list. */
export type SkipReason = "unsupported" | "nested_zip" | "hidden" | "escape" | "encrypted" | "method" | "conflict";

const REASON_TEXT: Record<SkipReason, string> = {
  unsupported: "지원하지 않는 파일 형식이라 건너뛰었습니다.",
  nested_zip: "zip 안의 zip은 풀지 않습니다.",
  hidden: "숨김 파일이나 시스템 폴더(__MACOSX 등)라 건너뛰었습니다.",
  escape: "폴더 밖을 가리키는 경로(.. 또는 절대 경로)라 건너뛰었습니다.",
  encrypted: "암호가 걸린 항목이라 건너뛰었습니다.",
  method: "지원하지 않는 압축 방식이라 건너뛰었습니다.",
  conflict: "같은 이름의 파일이나 폴더와 겹쳐 저장하지 못했습니다.",
};

export const SKIPPED_CODE = "ingest:skipped";

/** Many skipped entries (a zip full of images) must not bloat the job row: the rest is counted. */
const MAX_REPORTS = 500;

export class SkipReport {
  private readonly items: JobError[] = [];
  private more = 0;

  add(file: string, reason: SkipReason): void {
    if (this.items.length < MAX_REPORTS) this.items.push({ file, code: SKIPPED_CODE, message: REASON_TEXT[reason] });
    else this.more += 1;
  }

  get count(): number {
    return this.items.length + this.more;
  }

  list(): JobError[] {
    if (this.more === 0) return [...this.items];
    return [
      ...this.items,
      { file: "…", code: SKIPPED_CODE, message: `그 밖에 ${this.more}개 항목을 더 건너뛰었습니다.` },
    ];
  }
}
