import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { AppError, errorResponse } from "@/lib/errors";
import { conversationDocx } from "@/lib/export/answer-docx";
import { exportFileName } from "@/lib/export/answer-export";
import { attachmentDisposition } from "@/lib/export/content-disposition";
import { loadOwnConversationExport } from "@/lib/export/load-answer";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

/** One of the signed-in user's chats as a Word document: every question and answer, in order. */
export async function GET(request: Request, { params }: { params: Promise<{ chatId: string }> }) {
  try {
    const user = requireUser(await currentUser());
    const parsed = z.object({ chatId: Id }).safeParse(await params);
    if (!parsed.success) throw new AppError("not_found:resource");
    const { chatId } = parsed.data;
    const conversation = await loadOwnConversationExport(user.id, chatId);
    // The viewer's links in the document lead back to this app.
    const body = await conversationDocx(conversation, { origin: new URL(request.url).origin });
    return new Response(new Uint8Array(body), {
      headers: {
        "content-type": DOCX,
        "content-disposition": attachmentDisposition(
          exportFileName(conversation.title || "대화", new Date(), "docx"),
          `chat-${chatId}.docx`,
        ),
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
