import { errorResponse } from "../errors";
import { logger, requestIdOf, withRequestContext } from "./log";
import { metrics } from "./metrics";

/**
 * Wraps an API route handler (every app/api/…/route.ts export): the request gets an id (the
 * caller's sane `x-request-id`, else a new one) that every log line written while it is handled
 * carries and that comes back as the `x-request-id` header; it is counted and timed under its route
 * pattern (panrye_http_requests_total, panrye_http_request_duration_seconds) and logged as one JSON
 * line (method, route, status, ms — never the address asked, its query or a header). The time is
 * until the handler returned its Response: a streamed body (an answer's events) may run on.
 *
 * `route` is the route's pattern as its folder names it (`/api/v1/decisions/[caseNo]`), a bounded
 * label; tests/util/observe-route.test.ts checks each route file passes its own.
 */
export function observeRoute<A extends unknown[]>(
  route: string,
  handler: (...args: A) => Response | Promise<Response>,
): (...args: A) => Promise<Response> {
  return (...args) => {
    // Next calls every route handler with the Request first (a handler may leave it unnamed).
    const request = args[0] as Request;
    const started = performance.now();
    const requestId = requestIdOf(request.headers);
    return withRequestContext({ requestId }, async () => {
      let response: Response;
      try {
        response = await handler(...args);
      } catch (error) {
        // A handler maps its own errors; one that escaped still answers as JSON (and is logged).
        response = errorResponse(error);
      }
      const seconds = (performance.now() - started) / 1000;
      const method = request.method;
      const status = String(response.status);
      const { httpRequests, httpDuration } = metrics();
      httpRequests.inc({ route, method, status });
      httpDuration.observe({ route, method }, seconds);
      logger("http").info(
        { method, route, status: response.status, ms: Math.round(seconds * 10_000) / 10 },
        `${method} ${route} ${status}`,
      );
      return withRequestId(response, requestId);
    });
  };
}

function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set("x-request-id", requestId);
    return response;
  } catch {
    // Immutable headers (Response.redirect): the same answer with headers of its own.
    const headers = new Headers(response.headers);
    headers.set("x-request-id", requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
