import { AppError } from "../errors";
import { badFile } from "./bad-file";
import { BRIEF_MAX_BYTES, BRIEF_MAX_CHARS } from "./limits";
import { readDocx } from "./read-docx";
import { readHwpx } from "./read-hwpx";
import { readPdf } from "./read-pdf";
import { readTxt } from "./read-txt";

export type BriefFileKind = "docx" | "pdf" | "hwpx" | "txt";

export interface BriefFileText {
  kind: BriefFileKind;
  text: string;
  /** A PDF's page count. */
  pages?: number;
}

const KINDS: Record<string, BriefFileKind> = { docx: "docx", pdf: "pdf", hwpx: "hwpx", txt: "txt" };

type Content = "zip" | "pdf" | "ole" | "other";

/**
 * Reads the draft's text from an uploaded file; throws AppError with a brief:* code on bad input.
 * The type is the extension's, and the content must agree (a zip named .pdf is refused, not
 * guessed at). The text is returned whole with \n line endings: a draft too long is refused, never
 * cut. The bytes stay in memory and the text is never logged (a draft is confidential).
 */
export async function readBriefFile(name: string, bytes: Uint8Array): Promise<BriefFileText> {
  const extension = /\.([^./\\]+)$/.exec(name.trim().toLowerCase())?.[1] ?? "";
  // HWP 5.0 is a binary OLE format with no maintained offline reader good enough; 한글 saves HWPX or PDF.
  if (extension === "hwp") throw new AppError("brief:hwp_unsupported");
  const kind = KINDS[extension];
  if (!kind) throw new AppError("brief:unsupported_type", { detail: `.${extension}` });
  if (bytes.byteLength > BRIEF_MAX_BYTES) throw new AppError("brief:too_large");
  if (bytes.byteLength === 0) throw new AppError("brief:empty");

  const content = sniff(bytes);
  let text: string;
  let pages: number | undefined;
  if (kind === "docx" || kind === "hwpx") {
    if (content === "ole" && kind === "docx") {
      // Word writes an old .doc and a password-protected .docx alike as an OLE file.
      throw badFile(
        "OLE file named .docx",
        undefined,
        "암호가 걸렸거나 예전 형식(.doc)인 Word 파일입니다. 암호를 풀어 .docx로 저장해 올려 주세요.",
      );
    }
    if (content !== "zip") throw badFile(`.${kind} that is not a zip`);
    text = kind === "docx" ? await readDocx(bytes) : await readHwpx(bytes);
  } else if (kind === "pdf") {
    // Readers accept a header after junk in the first kilobyte (a BOM, mail headers): so does this check.
    const isPdf = content === "pdf" || (content === "other" && head(bytes).indexOf(PDF_HEADER) >= 0);
    if (!isPdf) throw badFile(".pdf without a PDF header");
    ({ text, pages } = await readPdf(bytes));
  } else {
    if (content !== "other") throw badFile(`${content} content named .txt`);
    text = readTxt(bytes);
  }

  text = text.replace(/\r\n?/g, "\n");
  if (!text.trim()) throw new AppError("brief:empty");
  if (text.length > BRIEF_MAX_CHARS) throw new AppError("brief:too_long");
  return pages === undefined ? { kind, text } : { kind, text, pages };
}

const PDF_HEADER = Buffer.from("%PDF-");
const OLE_HEADER = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function sniff(bytes: Uint8Array): Content {
  // A local file header, or the end record of an empty zip.
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5)) return "zip";
  if (OLE_HEADER.every((byte, i) => bytes[i] === byte)) return "ole";
  if (head(bytes).subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return "pdf";
  return "other";
}

function head(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
}
