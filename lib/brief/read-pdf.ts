import { extractText, getDocumentProxy } from "unpdf";
import { AppError } from "../errors";
import { badFile } from "./bad-file";
import { BRIEF_MAX_PAGES } from "./limits";

/**
 * A PDF draft's text through pdf.js (unpdf's server build), pages separated by a blank line.
 * Refused: over BRIEF_MAX_PAGES pages; a password-protected file; a file with no text layer (a scan:
 * there is no OCR). A PDF encrypted only against editing (empty user password) opens without a
 * password and is read like any other.
 */
export async function readPdf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const encryptDeclared = declaresEncryption(bytes);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A plain Uint8Array copy: pdf.js refuses a Buffer and may take over (detach) what it is given.
    // No eval of font programs; errors only in the log (pdf.js warnings name objects, never text).
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, verbosity: 0 });
  } catch (cause) {
    if (isPasswordError(cause)) throw new AppError("brief:encrypted_pdf", { cause });
    // An /Encrypt entry pdf.js could not get past is the encryption, not damage.
    if (encryptDeclared) throw new AppError("brief:encrypted_pdf", { detail: "unreadable, /Encrypt", cause });
    throw badFile("pdf.js could not open the file", cause);
  }
  try {
    if (pdf.numPages > BRIEF_MAX_PAGES) throw new AppError("brief:too_many_pages");
    const { text } = await extractText(pdf, { mergePages: false });
    const joined = text.join("\n\n");
    if (!joined.trim()) {
      // Text that decrypts to nothing is still the encryption's doing, not a scan's.
      throw new AppError(encryptDeclared ? "brief:encrypted_pdf" : "brief:no_text_layer");
    }
    return { text: joined, pages: pdf.numPages };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isPasswordError(error)) throw new AppError("brief:encrypted_pdf", { cause: error });
    throw badFile("pdf.js could not read the pages", error);
  } finally {
    await pdf.destroy();
  }
}

/** pdf.js's PasswordException (NEED_PASSWORD or INCORRECT_PASSWORD), recognised by name. */
function isPasswordError(error: unknown): boolean {
  return error instanceof Error && error.name === "PasswordException";
}

/**
 * Whether the trailer (classic or an xref stream's dictionary, both plain text) names an /Encrypt
 * dictionary: "/Encrypt 12 0 R" or an inline "/Encrypt <<". Searched over the whole file, since a
 * linearized PDF puts its first trailer at the front and an updated one appends another.
 */
function declaresEncryption(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const key = Buffer.from("/Encrypt");
  for (let at = buffer.indexOf(key); at >= 0; at = buffer.indexOf(key, at + key.length)) {
    const after = buffer.subarray(at + key.length, at + key.length + 32).toString("latin1");
    if (/^\s*(\d+\s+\d+\s+R|<<)/.test(after)) return true;
  }
  return false;
}
