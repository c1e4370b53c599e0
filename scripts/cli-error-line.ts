// The one plain Korean line a command-line script prints for an error that stops it (scripts/cli.ts
// prints it; kept apart so tests can read it without installing the CLI's process handlers).
import { EnvError } from "../lib/env";
import { toAppError } from "../lib/errors";

export const MIGRATE_HINT = "먼저 npm run db:migrate 를 실행하세요.";

/** The one line a CLI prints for an error that stops it. */
export function cliErrorLine(error: unknown): string {
  if (error instanceof EnvError) {
    const issues = error.message
      .split("\n")
      .slice(1)
      .map((line) => line.trim());
    return `설정이 올바르지 않습니다: ${issues.join("; ")} (docs/configuration.md 참고)`;
  }
  const appError = toAppError(error);
  if (appError.code === "db:not_migrated") return `데이터베이스가 준비되지 않았거나 최신이 아닙니다. ${MIGRATE_HINT}`;
  if (appError.code !== "internal:unexpected") return appError.userMessage;
  const cause = appError.cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const path = (cause as { path?: unknown } | undefined)?.path;
  if (code === "ENOENT" && typeof path === "string") return missingPathLine(path);
  if (code === "EACCES" && typeof path === "string") return `읽을 권한이 없습니다: ${path}`;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `오류: ${message.split("\n")[0]} (자세한 내용은 DEBUG=1 을 붙여 다시 실행하세요)`;
}

export function missingPathLine(path: string): string {
  const shared = /(^|\/)\.\.\/shared(\/|$)|\/shared\/data\//.test(path);
  return shared
    ? `파일이나 폴더가 없습니다: ${path} (../shared 는 개발용 예제 데이터로, 일반 복제본에는 없습니다. 경로를 지정하세요)`
    : `파일이나 폴더가 없습니다: ${path}`;
}
