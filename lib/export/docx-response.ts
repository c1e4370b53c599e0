import { z } from "zod";
import { exportFileName } from "./answer-export";
import { attachmentDisposition } from "./content-disposition";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A chat's or a message's id in an export link (anything else is "not found"). */
export const ExportId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

/**
 * A Word file as the browser downloads it: named after `title` and today (with an ASCII fallback
 * name for old clients), never cached (it holds the user's own work).
 */
export function docxResponse(body: Uint8Array, title: string, asciiName: string): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": DOCX,
      "content-disposition": attachmentDisposition(exportFileName(title, new Date(), "docx"), asciiName),
      "cache-control": "private, no-store",
    },
  });
}
