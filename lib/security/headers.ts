import { randomBytes } from "node:crypto";

/**
 * Response headers against script injection, clickjacking and MIME sniffing.
 *
 * Pages get a Content-Security-Policy with a fresh nonce per request (set in proxy.ts): Next reads
 * the nonce from the request's CSP header and puts it on its own inline and bundle scripts, so no
 * other inline script runs. 'strict-dynamic' lets those scripts load the chunks they import.
 * Styles keep 'unsafe-inline': React `style` props render as inline style attributes, which a
 * nonce cannot cover (and a nonce in style-src would disable 'unsafe-inline').
 */

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function pageContentSecurityPolicy(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // React needs eval only in development (server error stacks); production builds never do.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Server actions, RSC navigation and the streamed answers are same-origin fetches (dev: HMR socket).
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** API routes answer JSON, never markup to run: nothing may load, nothing may frame them. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Sent with every response (pages, API routes, static files), from next.config.ts. */
export const SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Older browsers' equivalent of frame-ancestors 'none'.
  { key: "X-Frame-Options", value: "DENY" },
];
