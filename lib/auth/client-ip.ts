import type { IncomingMessage } from "node:http";
import http from "node:http";

/**
 * The client address for per-IP sign-in limits.
 *
 * What Next 16 `next start` gives a server action or route (read in next/dist/server/base-server.js,
 * 16.4): there is no socket; `headers()` is the request's headers, and Next only fills in
 * `x-forwarded-for` with `??=` from `socket.remoteAddress`. A client that sends its own
 * `X-Forwarded-For` therefore keeps it untouched (it is not appended to), so without a proxy the
 * header is whatever the client chose — useless for a per-IP budget. Next sets nothing else from
 * the socket (no `x-real-ip`; `request.ip` was removed in Next 15).
 *
 * So the server process stamps every incoming request with the real peer address in a header of
 * our own (PEER_HEADER), overwriting anything a client sent under that name, before Next sees the
 * request (installed once from instrumentation.ts). Then:
 * - TRUST_PROXY=false (the app faces clients): the peer address; X-Forwarded-For is ignored, so a
 *   client cannot pick its own per-IP bucket.
 * - TRUST_PROXY=true (behind one reverse proxy): the right-most X-Forwarded-For entry — the address
 *   the proxy itself saw and appended (nginx `$proxy_add_x_forwarded_for`). Left-most entries are
 *   whatever the client sent and are never used. With no X-Forwarded-For, the peer address.
 * When the stamp is missing (requests that arrived before the hook was installed, a custom server)
 * every such request shares one "unknown" bucket: slower for them, never spoofable.
 */

export const PEER_HEADER = "x-rar-peer-address";
const UNKNOWN = "unknown";

interface HeaderSource {
  get(name: string): string | null;
}

function normalize(address: string): string {
  const trimmed = address.trim();
  // IPv4 clients of a dual-stack socket appear as ::ffff:1.2.3.4; one client, one bucket.
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}

export function clientIp(headers: HeaderSource, trustProxy: boolean): string {
  const peer = headers.get(PEER_HEADER)?.trim();
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for");
    const last = forwarded
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return normalize(last);
  }
  return peer ? normalize(peer) : UNKNOWN;
}

let installed = false;

/**
 * Makes every HTTP server of this process stamp requests with their socket's address (see above).
 * Patching `emit` reaches the server `next start` already created; idempotent.
 */
export function installPeerAddressHeader(): void {
  if (installed) return;
  installed = true;
  const proto = http.Server.prototype as unknown as { emit: (event: string | symbol, ...args: unknown[]) => boolean };
  const original = proto.emit;
  proto.emit = function emit(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? UNKNOWN;
    }
    return original.call(this, event, ...args);
  };
}
