import { crc32 } from "node:zlib";
import { decodeCp949 } from "../text/cp949";

const UTF8_FLAG = 0x800; // general purpose bit 11: "file name is UTF-8"
const UNICODE_PATH_FIELD = 0x7075; // Info-ZIP Unicode Path Extra Field

/**
 * Decodes a zip entry's raw name. The spec says CP437 unless bit 11 is set, but Korean archives are
 * written by Windows tools and Info-ZIP in the system code page (CP949) without the flag, and many
 * other tools write UTF-8 without it. So: the flag, else Info-ZIP's UTF-8 copy of the name, else
 * strict UTF-8, else CP949, else UTF-8 with replacement characters (the name stays readable in the
 * error list). Always NFC: macOS writes Hangul decomposed (NFD), which would not match typed text.
 */
export function decodeEntryName(
  raw: Uint8Array,
  generalPurposeBitFlag: number,
  extraFields: { id: number; data: Uint8Array }[] = [],
): string {
  return decodeRaw(raw, generalPurposeBitFlag, extraFields).normalize("NFC");
}

function decodeRaw(raw: Uint8Array, flags: number, extraFields: { id: number; data: Uint8Array }[]): string {
  const lenient = new TextDecoder("utf-8");
  if (flags & UTF8_FLAG) return lenient.decode(raw);
  const unicode = unicodePath(raw, extraFields);
  if (unicode !== null) return unicode;
  if (raw.every((b) => b < 0x80)) return lenient.decode(raw);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    // not UTF-8: try the Korean Windows code page
  }
  try {
    return decodeCp949(raw);
  } catch {
    return lenient.decode(raw);
  }
}

/** The UTF-8 name Info-ZIP stores beside a legacy one; ignored when it no longer matches (CRC). */
function unicodePath(raw: Uint8Array, extraFields: { id: number; data: Uint8Array }[]): string | null {
  for (const field of extraFields) {
    if (field.id !== UNICODE_PATH_FIELD || field.data.length < 6 || field.data[0] !== 1) continue;
    const view = new DataView(field.data.buffer, field.data.byteOffset, field.data.byteLength);
    if (view.getUint32(1, true) !== crc32(raw)) continue;
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(field.data.subarray(5));
    } catch {}
  }
  return null;
}
