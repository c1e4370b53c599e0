import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { AppError, errorResponse } from "@/lib/errors";
import { conversationDocx } from "@/lib/export/answer-docx";
import { docxResponse, ExportId } from "@/lib/export/docx-response";
import { loadOwnConversationExport } from "@/lib/export/load-answer";
import { observeRoute } from "@/lib/util/observe-route";
import { currentUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/** One of the signed-in user's chats as a Word document: every question and answer, in order. */
export const GET = observeRoute(
  "/api/chats/[chatId]/export.docx",
  async (request: Request, { params }: { params: Promise<{ chatId: string }> }) => {
    try {
      const user = requireUser(await currentUser());
      const parsed = z.object({ chatId: ExportId }).safeParse(await params);
      if (!parsed.success) throw new AppError("not_found:resource");
      const { chatId } = parsed.data;
      const conversation = await loadOwnConversationExport(user.id, chatId);
      // The viewer's links in the document lead back to this app.
      const body = await conversationDocx(conversation, { origin: new URL(request.url).origin });
      return docxResponse(body, conversation.title || "대화", `chat-${chatId}.docx`);
    } catch (error) {
      return errorResponse(error);
    }
  },
);
