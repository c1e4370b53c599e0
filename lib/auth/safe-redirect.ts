/**
 * Where to go after sign-in: only a path of this app, anything else → "/".
 *
 * Prefix checks are not enough: browsers (and the URL standard) treat `\` as `/`, drop tabs and
 * newlines, so `/\evil.example` or `/\t/evil.example` is `//evil.example`, another host. The target
 * is therefore resolved the way a browser would, against a stand-in for our own origin, and kept
 * only when it stays on that origin; the normalised path is returned, never the raw input.
 */

// Any origin of our own works: only "did it stay on the same origin" matters.
const SELF = "http://app.invalid";

export function safeRedirectPath(next: string | null | undefined): string {
  if (typeof next !== "string" || !next.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(next, SELF);
  } catch {
    return "/";
  }
  if (url.origin !== SELF) return "/";
  // An encoded slash or backslash at the start could be decoded by a later hop into `//host`.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return "/";
  }
  if (decoded.startsWith("//") || decoded.includes("\\")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
