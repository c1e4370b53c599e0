import type { EvalJobStatus } from "@/lib/db/eval-jobs";

/** Shared by the server-rendered list and the client progress panel. */
export const EVAL_STATUS_TEXT: Record<EvalJobStatus, string> = {
  queued: "대기 중",
  running: "평가 중",
  done: "완료",
  failed: "실패",
  cancelled: "취소됨",
  interrupted: "중단됨",
};
