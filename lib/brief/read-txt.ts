import { decodeCp949 } from "../text/cp949";
import { badFile } from "./bad-file";

/**
 * A plain-text draft: UTF-8 (BOM stripped), else CP949/EUC-KR, which Korean Windows saves as
 * "ANSI" (the importer's decoder, lib/text/cp949.ts). UTF-16 with a BOM (Notepad's "유니코드") is
 * read too. Anything else — binary content under a .txt name — is refused, never guessed at.
 */
export function readTxt(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode("utf-16le", bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode("utf-16be", bytes.subarray(2));
  // NUL never occurs in UTF-8 or CP949 text: this is an executable, an image, an office file…
  if (bytes.subarray(0, 8192).includes(0)) throw badFile("binary content in a .txt");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: the only other encoding Korean drafts are saved in.
  }
  try {
    return decodeCp949(bytes);
  } catch (cause) {
    throw badFile("neither UTF-8 nor CP949", cause, "문자 인코딩을 알 수 없습니다. UTF-8로 저장해 올려 주세요.");
  }
}

function decode(encoding: "utf-16le" | "utf-16be", bytes: Uint8Array): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch (cause) {
    throw badFile(`invalid ${encoding}`, cause);
  }
}
