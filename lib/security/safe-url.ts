/**
 * A link target from imported data (a decision's 출처 URL, attacker-controllable) as a URL safe to
 * put in `href`: only absolute http(s) URLs; `javascript:`, `data:`, relative and malformed → null,
 * and the caller shows the text without a link.
 */
export function safeExternalHref(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.href;
}
