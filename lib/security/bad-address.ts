import { AppError, errorResponse } from "../errors";
import { API_CONTENT_SECURITY_POLICY } from "./headers";

/**
 * An address whose %-encoding cannot be decoded (`/precedents/2009%`, `/api/v1/decisions/%ff`):
 * Next fails to match it against a dynamic route and answers a bare 500. proxy.ts, which runs
 * before that matching, answers it instead: 400 with a plain Korean message — the API's JSON error
 * under /api, a small page elsewhere.
 */
export function isDecodablePath(pathname: string): boolean {
  if (!pathname.includes("%")) return true;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

export function badAddressResponse(pathname: string): Response {
  const error = new AppError("bad_request:address");
  if (isApiPath(pathname)) return errorResponse(error);
  const page = `<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>주소를 읽을 수 없습니다</title></head>
<body>
<main>
<h1>주소를 읽을 수 없습니다</h1>
<p>${error.userMessage}</p>
<p><a href="/">처음 화면으로 가기</a></p>
</main>
</body>
</html>
`;
  return new Response(page, {
    status: error.status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // Nothing to load and no script: the strictest policy there is.
      "content-security-policy": API_CONTENT_SECURITY_POLICY,
    },
  });
}
