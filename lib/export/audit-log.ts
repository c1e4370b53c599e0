import { z } from "zod";
import { AUDIT_ACTIONS, type AuditAction, type AuditFilter, type AuditTargetKind } from "../db/audit";

/**
 * How the audit log (변경 기록) reads to an admin: Korean names for actions and targets, the action
 * groups of its filter, and the page's query string as a filter (shared by the page and its CSV
 * export, so the file holds exactly the rows the admin was looking at).
 */

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "user.create": "사용자 생성",
  "user.reset_password": "비밀번호 초기화",
  "user.deactivate": "사용자 비활성화",
  "user.reactivate": "사용자 다시 활성화",
  "user.role": "역할 변경",
  "user.delete": "사용자 삭제",
  "auth.login": "로그인",
  "auth.login_failed": "로그인 실패",
  "auth.logout": "로그아웃",
  "auth.password_change": "비밀번호 변경",
  "auth.sso_login": "통합 로그인",
  "auth.sso_refused": "통합 로그인 거부",
  "token.create": "API 토큰 발급",
  "token.revoke": "API 토큰 폐기",
  "api.call": "API 호출",
  "api.refused": "API 호출 거부",
  "corpus.create": "말뭉치 생성",
  "corpus.upload": "판례 업로드",
  "corpus.import": "판례 가져오기 (명령줄)",
  "corpus.reindex": "다시 색인",
  "corpus.delete": "말뭉치 삭제",
  "corpus.job_cancel": "색인 작업 취소",
  "corpus.job_resume": "색인 작업 이어서",
  "corpus.job_done": "색인 작업 끝남",
  "decision.delete": "판례 삭제",
  "enrich.start": "보강 시작",
  "enrich.stop": "보강 중지",
  "enrich.settings": "보강 설정 변경",
  "eval.start": "평가 시작",
  "eval.cancel": "평가 취소",
  "eval.resume": "평가 이어서",
  "eval.delete": "평가 삭제",
  "statute.import": "법령 가져오기",
  "brief.check": "서면 검증",
  "brief.save": "서면 검증 저장",
  "brief.delete": "서면 검증 삭제",
  "setting.change": "설정 변경",
  "audit.export": "변경 기록 내려받기",
};

export const AUDIT_TARGET_LABELS: Record<AuditTargetKind, string> = {
  user: "사용자",
  corpus: "말뭉치",
  decision: "판례",
  eval: "평가",
  job: "작업",
  token: "API 토큰",
  setting: "설정",
};

/** The filter's groups: an action's group is the part of its name before the dot. */
export const AUDIT_GROUPS = {
  auth: "로그인·계정",
  user: "사용자 관리",
  corpus: "말뭉치·판례",
  decision: "판례 삭제",
  enrich: "보강",
  eval: "평가",
  token: "API 토큰",
  api: "API 호출",
  setting: "설정",
  audit: "변경 기록",
} as const;
type AuditGroup = keyof typeof AUDIT_GROUPS;

export const actionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

/** The actions a filter value stands for: a whole group ("corpus") or one action ("corpus.delete"). */
export function actionsFor(value: string): AuditAction[] | undefined {
  if (isAction(value)) return [value];
  if (Object.hasOwn(AUDIT_GROUPS, value)) return AUDIT_ACTIONS.filter((a) => a.startsWith(`${value as AuditGroup}.`));
  return undefined;
}

/** A day in Korea (the app's users' day), as the instant it starts. */
function koreanDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+09:00`);
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(koreanDayStart(d).getTime()));
const one = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const text = (max: number) => z.preprocess(one, z.string().trim().max(max).optional().catch(undefined));

const querySchema = z.object({
  action: text(40),
  actor: text(200),
  q: text(200),
  from: z.preprocess(one, day.optional().catch(undefined)),
  to: z.preprocess(one, day.optional().catch(undefined)),
});

/** The page's filter as given (normalized; what the form shows and the links carry). */
export type AuditQuery = z.infer<typeof querySchema>;

/**
 * Reads the page's query string. What cannot be read is dropped rather than refused: a hand-edited
 * link shows more rows, never an error page. `to` is inclusive (the whole day).
 */
export function parseAuditQuery(params: Record<string, string | string[] | undefined>): {
  query: AuditQuery;
  filter: AuditFilter;
} {
  const query = querySchema.parse(params);
  const actions = query.action ? actionsFor(query.action) : undefined;
  if (!actions) query.action = undefined;
  const filter: AuditFilter = {
    actions,
    actor: query.actor || undefined,
    text: query.q || undefined,
    from: query.from ? koreanDayStart(query.from) : undefined,
    to: query.to ? new Date(koreanDayStart(query.to).getTime() + 86_400_000) : undefined,
  };
  return { query, filter };
}

/** The query as a query string (empty values left out), for paging links and the CSV link. */
export function auditQueryString(query: AuditQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...extra })) if (value) params.set(key, value);
  return params.toString();
}

const QUERY_LABELS: Record<keyof AuditQuery, string> = {
  action: "작업",
  actor: "사용자",
  q: "검색어",
  from: "부터",
  to: "까지",
};

/** The filter in words, for the log line of an export ("전체" when unfiltered). */
export function describeQuery(query: AuditQuery): string {
  const parts = (Object.keys(QUERY_LABELS) as (keyof AuditQuery)[])
    .filter((key) => query[key])
    .map(
      (key) =>
        `${QUERY_LABELS[key]}: ${key === "action" ? (AUDIT_GROUPS[query.action as AuditGroup] ?? actionLabel(query.action ?? "")) : query[key]}`,
    );
  return parts.length ? parts.join(", ") : "전체";
}

/** "2026-11-27 19:22:52", Korean time: sortable, and read alike by people and spreadsheets. */
export function auditTime(date: Date): string {
  return date.toLocaleString("sv-SE", { timeZone: "Asia/Seoul", hour12: false });
}
