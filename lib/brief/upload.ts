import { AppError } from "../errors";
import { readBoundedForm, readBoundedJson } from "../util/bounded-body";
import { BRIEF_MAX_BYTES } from "./limits";

/**
 * A draft as a client sends it: JSON `{ text, llm }`, or multipart form data with a `file` (and
 * `llm`). The body is read with a byte limit (a file of 20 MB plus the form's own bytes); the file
 * is read in memory and never written to disk.
 */
const FORM_SLACK = 64 * 1024;
const JSON_MAX = 2 * 1024 * 1024;

export interface BriefUpload {
  text: string;
  llm?: boolean;
  /** The uploaded file's name, when the draft came as a file. */
  fileName?: string;
}

const tooLarge = () => new AppError("brief:too_large");

export async function readBriefUpload(request: Request): Promise<BriefUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await readBoundedForm(request, BRIEF_MAX_BYTES + FORM_SLACK, tooLarge);
    const file = form.get("file");
    const llm = form.get("llm") === "true";
    if (file instanceof File) {
      if (file.size > BRIEF_MAX_BYTES) throw tooLarge();
      const { readBriefFile } = await import("./read-file");
      const read = await readBriefFile(file.name, new Uint8Array(await file.arrayBuffer()));
      return { text: read.text, llm, fileName: file.name };
    }
    return { text: String(form.get("text") ?? ""), llm };
  }
  const body = (await readBoundedJson(request, JSON_MAX, tooLarge)) as { text?: unknown; llm?: unknown } | null;
  return { text: typeof body?.text === "string" ? body.text : "", llm: body?.llm === true };
}
