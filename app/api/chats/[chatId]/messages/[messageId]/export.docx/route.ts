import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { AppError, errorResponse } from "@/lib/errors";
import { answerDocx } from "@/lib/export/answer-docx";
import { exportFileName } from "@/lib/export/answer-export";
import { attachmentDisposition } from "@/lib/export/content-disposition";
import { loadOwnAnswerExport } from "@/lib/export/load-answer";
import { currentUser } from "../../../../../../(auth)/auth";

export const dynamic = "force-dynamic";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

/** One of the signed-in user's answers as a Word document (question, answer, citations, passages). */
export async function GET(request: Request, { params }: { params: Promise<{ chatId: string; messageId: string }> }) {
  try {
    const user = requireUser(await currentUser());
    const parsed = z.object({ chatId: Id, messageId: Id }).safeParse(await params);
    if (!parsed.success) throw new AppError("not_found:resource");
    const { chatId, messageId } = parsed.data;
    const exported = await loadOwnAnswerExport(user.id, chatId, messageId);
    // The viewer's links in the document lead back to this app.
    const body = await answerDocx(exported, { origin: new URL(request.url).origin });
    return new Response(new Uint8Array(body), {
      headers: {
        "content-type": DOCX,
        "content-disposition": attachmentDisposition(
          exportFileName(exported.question, new Date(), "docx"),
          `answer-${messageId}.docx`,
        ),
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
