import { AppError } from "../errors";
import { decodeCp949 } from "./cp949";

/**
 * Decodes an uploaded file: UTF-8 (with or without BOM), else EUC-KR/CP949, which Korean court
 * and government systems still export. Node's ICU ships the EUC-KR decoder; CP949's extra
 * syllables are added in ./cp949.ts.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: "utf-8" | "euc-kr" } {
  if (bytes.byteLength === 0) throw new AppError("ingest:bad_file", { userMessage: "빈 파일입니다." });
  // UTF-16 (Windows "유니코드" 저장) is full of NUL bytes and would read as binary: name it instead.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new AppError("ingest:bad_file", {
      userMessage: "UTF-16 파일은 지원하지 않습니다. UTF-8 또는 EUC-KR로 저장해 주세요.",
    });
  }
  if (looksBinary(bytes)) {
    throw new AppError("ingest:bad_file", { userMessage: "텍스트 파일이 아닙니다 (바이너리 내용)." });
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text: checkNotBlank(text), encoding: "utf-8" };
  } catch (error) {
    if (error instanceof AppError) throw error;
  }
  try {
    const text = decodeCp949(bytes);
    return { text: checkNotBlank(text), encoding: "euc-kr" };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("ingest:bad_file", {
      userMessage: "문자 인코딩을 알 수 없습니다 (UTF-8 또는 EUC-KR/CP949만 지원).",
    });
  }
}

function checkNotBlank(text: string): string {
  if (!text.trim()) throw new AppError("ingest:bad_file", { userMessage: "내용이 없는 파일입니다." });
  return text;
}

/** NUL bytes never occur in UTF-8 or EUC-KR text; their presence means a PDF, HWP, image… */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  return sample.includes(0);
}
