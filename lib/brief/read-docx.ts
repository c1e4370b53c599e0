import mammoth from "mammoth";
import { badFile } from "./bad-file";
import { openBriefZip, readEntry } from "./zip-entries";

/**
 * A Word draft's text, paragraphs separated by blank lines (mammoth's raw text). mammoth unzips the
 * file itself and trusts the sizes the zip declares, so the zip is first checked here: directory
 * limits, then every entry inflated once and counted, so the sizes mammoth trusts are proven true.
 */
export async function readDocx(bytes: Uint8Array): Promise<string> {
  const briefZip = await openBriefZip(bytes);
  try {
    if (!briefZip.entries.has("word/document.xml")) throw badFile("no word/document.xml");
    for (const entry of briefZip.entries.values()) await readEntry(briefZip, entry, false);
  } finally {
    briefZip.zip.close();
  }
  try {
    const result = await mammoth.extractRawText({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
    return result.value;
  } catch (cause) {
    throw badFile("mammoth could not read the document", cause);
  }
}
