import { AppError } from "../errors";

/**
 * A request body read with a byte limit whether or not Content-Length is sent: a declared length
 * over the limit is refused before anything is read, and reading stops (and the stream is
 * cancelled) as soon as the bytes pass it — a huge body never sits in memory. `tooLarge` makes the
 * caller's error (its own code and message).
 */
export async function readBoundedBytes(
  request: Request,
  max: number,
  tooLarge: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** A byte count as a person reads a limit: "256KB", "2MB". */
function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)}MB`
    : `${Math.round(bytes / 1024)}KB`;
}

/** The 413 a body past `max` gets when its route has no error of its own. */
export const bodyTooLarge = (max: number) =>
  new AppError("bad_request:too_large", {
    userMessage: `요청 본문이 너무 큽니다. ${sizeLabel(max)} 이하로 보내 주세요.`,
  });

/**
 * A JSON body read with the same byte limit (the token or session is checked before this is
 * called, so a stranger's body is never read); a body that is not JSON is a plain 400.
 */
export async function readBoundedJson(
  request: Request,
  max: number,
  tooLarge: () => Error = () => bodyTooLarge(max),
  unreadable = "요청 본문은 JSON이어야 합니다.",
): Promise<unknown> {
  const bytes = await readBoundedBytes(request, max, tooLarge);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new AppError("bad_request:input", { userMessage: unreadable });
  }
}

/** A multipart form read with the same byte limit; a form that cannot be parsed is a plain 400. */
export async function readBoundedForm(request: Request, max: number, tooLarge: () => Error): Promise<FormData> {
  const bytes = await readBoundedBytes(request, max, tooLarge);
  const type = request.headers.get("content-type") ?? "";
  return new Response(new Blob([bytes]), { headers: { "content-type": type } }).formData().catch(() => {
    throw new AppError("bad_request:input", { userMessage: "올린 양식을 읽을 수 없습니다." });
  });
}
