/**
 * The bounds of 서면 검증 (docs/user-guide.md): a draft of up to 300 pages, in a file of up to
 * 20 MB, read to at most 300,000 characters — a long 준비서면 is well under a tenth of that.
 */
export const BRIEF_MAX_BYTES = 20 * 1024 * 1024;
export const BRIEF_MAX_PAGES = 300;
export const BRIEF_MAX_CHARS = 300_000;
/** A document unpacked from a zip (docx, hwpx) may not grow past this: a zip bomb is refused early. */
export const BRIEF_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
