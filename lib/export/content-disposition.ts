/**
 * `Content-Disposition: attachment` for a file name that is not ASCII (RFC 6266 with RFC 5987's
 * `filename*`): browsers use the UTF-8 name; the plain `filename` is an ASCII stand-in for the
 * rare client that does not read `filename*`.
 */
export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, "_");
  // encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987's attr-char excludes ' ( ) *.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
