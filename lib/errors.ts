/**
 * Typed application errors. Every failure the user can meet carries a `code` ("area:reason"), which
 * maps to an HTTP status and a Korean message fit to show. The `cause` (stack, upstream body) is for
 * the log only: internals never reach the browser.
 */

import { logger } from "./util/log";

export const ERROR_CATALOG = {
  "auth:invalid_credentials": { status: 401, message: "이메일 또는 비밀번호가 올바르지 않습니다." },
  "auth:unauthenticated": { status: 401, message: "로그인이 필요합니다." },
  "auth:forbidden": { status: 403, message: "이 작업을 할 권한이 없습니다." },
  "auth:rate_limited": { status: 429, message: "로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요." },
  "auth:email_taken": { status: 409, message: "이미 등록된 이메일입니다." },
  "auth:deactivated": { status: 403, message: "비활성화된 계정입니다. 관리자에게 문의해 주세요." },
  // A browser sent a change (upload, evaluation) from another site's page: refused (lib/security/same-origin.ts).
  "auth:cross_site": {
    status: 403,
    message: "다른 사이트에서 보낸 요청이라 처리하지 않았습니다. 이 앱의 화면에서 다시 시도해 주세요.",
  },
  // Single sign-on (lib/auth/sso*.ts): shown on the sign-in page after the provider sends the user back.
  "auth:sso_unavailable": {
    status: 503,
    message: "회사 계정 로그인 서비스에 연결할 수 없습니다. 잠시 후 다시 시도하거나 관리자에게 알려 주세요.",
  },
  "auth:sso_failed": { status: 401, message: "회사 계정 로그인을 확인하지 못했습니다. 처음부터 다시 로그인해 주세요." },
  "auth:sso_email_unverified": {
    status: 403,
    message: "회사 계정에 확인된 이메일 주소가 없어 로그인할 수 없습니다. 관리자에게 문의해 주세요.",
  },
  "auth:sso_not_allowed": {
    status: 403,
    message: "이 회사 계정에는 이 앱을 쓸 권한이 없습니다. 관리자에게 문의해 주세요.",
  },
  "auth:sso_only": { status: 403, message: "비밀번호 로그인은 꺼져 있습니다. 회사 계정으로 로그인해 주세요." },
  "users:last_admin": {
    status: 409,
    message: "마지막 관리자는 삭제하거나 비활성화하거나 변호사로 바꿀 수 없습니다. 먼저 다른 관리자를 지정하세요.",
  },
  "users:self": { status: 409, message: "본인 계정은 삭제하거나 비활성화할 수 없습니다." },
  "matters:name_taken": { status: 409, message: "같은 이름의 사건 폴더가 이미 있습니다." },
  "bad_request:input": { status: 400, message: "입력값이 올바르지 않습니다." },
  // A request body past its route's limit (lib/util/bounded-body.ts), refused as soon as the bytes pass it.
  "bad_request:too_large": { status: 413, message: "요청 본문이 너무 큽니다." },
  // An address whose %-encoding cannot be decoded (proxy.ts): no page or resource of ours.
  "bad_request:address": {
    status: 400,
    message: "주소를 읽을 수 없습니다. 주소의 % 표기가 잘못되었습니다. 주소를 확인해 주세요.",
  },
  "not_found:resource": { status: 404, message: "요청한 항목을 찾을 수 없습니다." },
  "ai:not_configured": { status: 503, message: "언어 모델이 설정되어 있지 않습니다." },
  "ai:unreachable": { status: 502, message: "모델 서버에 연결할 수 없습니다." },
  "ai:timeout": { status: 504, message: "모델 서버의 응답 시간이 초과되었습니다." },
  "ai:rate_limited": { status: 429, message: "모델 서버의 요청 한도를 초과했습니다. 잠시 후 다시 시도해 주세요." },
  "ai:unauthorized": { status: 502, message: "모델 서버가 인증을 거부했습니다. API 키를 확인하세요." },
  "ai:upstream_error": { status: 502, message: "모델 서버가 오류를 반환했습니다." },
  "ai:bad_response": { status: 502, message: "모델 서버의 응답 형식이 올바르지 않습니다." },
  "ai:aborted": { status: 499, message: "요청이 중단되었습니다." },
  // Replay mode (MODEL_CALLS_REPLAY, eval --replay): the file has no reply for a call; never a network call instead.
  "ai:replay_missing": { status: 502, message: "기록된 모델 응답이 없습니다." },
  // Replay of a partial simple-format file: it holds this kind of reply for other questions only. Not
  // fatal: the step fails as a model call would (its fallback, said as a notice).
  "ai:replay_not_covered": { status: 502, message: "기록 파일에 이 질문의 응답이 없습니다." },
  // A caller named a strategy the registry does not have (a typo in an evaluation system, a stale id):
  // running another strategy under its name would mislabel every figure.
  "search:unknown_strategy": { status: 400, message: "알 수 없는 검색 전략입니다." },
  "search:stale_index": {
    status: 409,
    message: "이 말뭉치는 다른 버전의 토크나이저로 색인되었습니다. 관리 → 말뭉치 → 다시 색인을 실행해 주세요.",
  },
  // 비슷한 판례 찾기: a passage over SIMILAR_MAX_CHARS (lib/search/similar.ts) is refused, not cut silently.
  // 서면 검증 (lib/brief): a lawyer's draft that cannot be read; nothing is stored, the file is deleted.
  "brief:empty": { status: 400, message: "서면에 글이 없습니다. 내용이 있는 파일을 올리거나 글을 붙여 넣어 주세요." },
  "brief:too_large": { status: 413, message: "파일이 너무 큽니다. 20MB 이하의 파일만 검증할 수 있습니다." },
  "brief:too_long": { status: 413, message: "서면이 너무 깁니다. 30만 자 이하로 나누어 검증해 주세요." },
  "brief:too_many_pages": { status: 413, message: "쪽수가 너무 많습니다. 300쪽 이하로 나누어 검증해 주세요." },
  "brief:unsupported_type": {
    status: 415,
    message: "지원하지 않는 파일 형식입니다. .docx, .pdf, .hwpx, .txt 파일을 올려 주세요.",
  },
  "brief:hwp_unsupported": {
    status: 415,
    message: "한글(.hwp) 파일은 읽을 수 없습니다. 한글에서 HWPX(.hwpx)나 PDF로 저장해 올려 주세요.",
  },
  "brief:encrypted_pdf": {
    status: 422,
    message: "암호가 걸린 PDF입니다. 암호를 푼 PDF를 올려 주세요.",
  },
  "brief:no_text_layer": { status: 422, message: "텍스트가 없는 PDF입니다 — OCR은 지원하지 않습니다." },
  "brief:bad_file": {
    status: 422,
    message: "파일을 읽을 수 없습니다. 파일이 손상되었거나 형식이 맞지 않습니다. 다시 저장해 올려 주세요.",
  },
  "brief:not_found": { status: 404, message: "저장된 검증 결과를 찾을 수 없습니다." },
  "search:passage_too_long": {
    status: 400,
    message: "글이 너무 깁니다. 5,000자 이내로 줄여 주세요. 넣은 글은 그대로 있습니다.",
  },
  "store:unavailable": { status: 503, message: "검색 색인을 사용할 수 없습니다." },
  // Not an outage: the store's settings or its collection must be fixed by an admin (status panel).
  "store:bad_config": {
    status: 500,
    message: "검색 색인(Qdrant)의 설정이 앱 설정과 맞지 않습니다. 관리자에게 알려 주세요.",
  },
  "store:bad_request": { status: 502, message: "검색 색인(Qdrant)이 요청을 거부했습니다." },
  // A second server on one embedded data directory: refused at start (lib/store/instance-lock.ts).
  "store:instance_locked": { status: 503, message: "이 데이터 폴더는 이미 다른 서버가 쓰고 있습니다." },
  // The viewer's worker (lib/precedent/viewer-client.ts) stopped or could not start.
  "precedent:unavailable": { status: 503, message: "판례 원문을 지금 열 수 없습니다. 잠시 후 다시 시도해 주세요." },
  // Statute files (lib/statutes): legalize-kr Markdown with its front matter (제목, 시행일자 …).
  "statute:bad_file": {
    status: 400,
    message:
      "법령 파일을 읽을 수 없습니다. 머리말(제목, 시행일자)과 '##### 제N조' 조문이 있는 Markdown 파일이어야 합니다.",
  },
  "statute:duplicate": {
    status: 409,
    message: "같은 법령이 이번 가져오기에 두 번 들어 있어 두 번째 파일은 건너뛰었습니다.",
  },
  "statute:not_found": { status: 404, message: "해당 법령이나 조문을 찾을 수 없습니다." },
  "ingest:bad_file": { status: 400, message: "파일을 읽을 수 없습니다." },
  "ingest:too_large": { status: 413, message: "업로드 용량 한도를 초과했습니다." },
  "ingest:busy": { status: 409, message: "이 말뭉치에 이미 진행 중인 색인 작업이 있습니다." },
  // A benchmark or recorded-calls file over its limit, refused while the upload is read (lib/eval/eval-form.ts).
  "eval:too_large": { status: 413, message: "평가 파일이 용량 한도를 넘습니다." },
  // A contextual-retrieval system on a corpus whose contextual index is missing, stale or partial
  // (lib/eval/contextual-check.ts): refused rather than measured on the main index under its name.
  "eval:no_context_index": {
    status: 409,
    message:
      "이 말뭉치의 맥락 색인이 없거나 최신이 아니어서 맥락 검색 시스템을 평가할 수 없습니다. npm run enrich로 맥락 색인을 만드세요.",
  },
  "db:busy": {
    status: 503,
    message: "데이터베이스가 다른 작업으로 잠겨 있습니다. 잠시 후 다시 시도해 주세요. 입력하신 내용은 그대로 있습니다.",
  },
  // The database lacks a table or column the code expects: never migrated, or the code is newer.
  "db:not_migrated": {
    status: 503,
    message: "데이터베이스가 준비되지 않았거나 최신이 아닙니다. 먼저 npm run db:migrate를 실행하세요.",
  },
  // Personal API tokens (lib/auth/api-tokens.ts): REST /api/v1 and the MCP server.
  "api:unauthenticated": {
    status: 401,
    message: "API 토큰이 없거나 올바르지 않습니다. 계정 → API 토큰에서 토큰을 확인해 주세요.",
  },
  "api:token_expired": { status: 401, message: "API 토큰이 만료되었거나 취소되었습니다. 새 토큰을 만들어 주세요." },
  "api:scope": { status: 403, message: "이 API 토큰으로는 할 수 없는 작업입니다. 질문 권한이 있는 토큰을 쓰세요." },
  "api:rate_limited": { status: 429, message: "API 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요." },
  // GET /api/metrics (lib/api/metrics.ts): off without METRICS_TOKEN, and the token Prometheus must send.
  "metrics:off": { status: 404, message: "지표(/api/metrics)가 꺼져 있습니다. METRICS_TOKEN을 설정하면 켜집니다." },
  "metrics:unauthenticated": { status: 401, message: "지표를 읽으려면 METRICS_TOKEN의 토큰을 Bearer로 보내야 합니다." },
  "internal:unexpected": { status: 500, message: "예기치 못한 오류가 발생했습니다. 잠시 후 다시 시도해 주세요." },
  // "다시 시도", another strategy or an edited question for an answer still being written (lib/chat/rerun.ts).
  "chat:answer_running": { status: 409, message: "이 답변은 아직 작성 중입니다. 끝난 뒤 다시 시도해 주세요." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Safe to show to the user; defaults to the catalog message for the code. */
  readonly userMessage: string;

  constructor(code: ErrorCode, options: { userMessage?: string; cause?: unknown; detail?: string } = {}) {
    const entry = ERROR_CATALOG[code];
    super(options.detail ? `${code}: ${options.detail}` : code, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = entry.status;
    this.userMessage = options.userMessage ?? entry.message;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Anything thrown becomes an AppError; unknown failures are logged and shown generically. */
export function toAppError(value: unknown): AppError {
  if (isAppError(value)) return value;
  if (isMissingSchemaError(value)) return new AppError("db:not_migrated", { cause: value });
  return new AppError("internal:unexpected", { cause: value });
}

/**
 * A query that met a table or column the database does not have: Prisma's P2021 (table) and P2022
 * (column), PostgreSQL's 42P01 / 42703 and SQLite's "no such table/column" from raw queries. Read by
 * shape, so this bottom layer imports no driver.
 */
function isMissingSchemaError(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  const code = (value as { code?: unknown }).code;
  if (code === "P2021" || code === "P2022" || code === "42P01" || code === "42703") return true;
  return /\bno such (table|column)\b/.test(value.message);
}

/** The shape a server action returns instead of throwing, so the client can show the message. */
export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; code: ErrorCode; message: string; fieldErrors?: Record<string, string> };

export function failure(error: unknown): { ok: false; code: ErrorCode; message: string } {
  const appError = toAppError(error);
  if (appError.status >= 500) logError(appError);
  return { ok: false, code: appError.code, message: appError.userMessage };
}

export function logError(error: unknown): void {
  // One structured line per failure: the code for grouping, the cause chain for debugging.
  const appError = toAppError(error);
  const cause = appError.cause instanceof Error ? appError.cause.message : String(appError.cause ?? "");
  const stack =
    appError.code === "internal:unexpected" && appError.cause instanceof Error ? appError.cause.stack : undefined;
  logger(appError.code).error(
    { code: appError.code, status: appError.status, ...(cause ? { cause } : {}), ...(stack ? { stack } : {}) },
    `${appError.message}${cause ? ` — cause: ${cause}` : ""}`,
  );
}

/** For route handlers: any failure as `{ code, error }` JSON with the code's HTTP status. */
export function errorResponse(error: unknown): Response {
  const appError = toAppError(error);
  if (appError.status >= 500) logError(appError);
  return Response.json({ code: appError.code, error: appError.userMessage }, { status: appError.status });
}
