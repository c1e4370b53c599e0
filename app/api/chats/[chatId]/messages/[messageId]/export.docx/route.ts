import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { AppError, errorResponse } from "@/lib/errors";
import { answerDocx } from "@/lib/export/answer-docx";
import { docxResponse, ExportId } from "@/lib/export/docx-response";
import { loadOwnAnswerExport } from "@/lib/export/load-answer";
import { observeRoute } from "@/lib/util/observe-route";
import { currentUser } from "../../../../../../(auth)/auth";

export const dynamic = "force-dynamic";

/** One of the signed-in user's answers as a Word document (question, answer, citations, passages). */
export const GET = observeRoute(
  "/api/chats/[chatId]/messages/[messageId]/export.docx",
  async (request: Request, { params }: { params: Promise<{ chatId: string; messageId: string }> }) => {
    try {
      const user = requireUser(await currentUser());
      const parsed = z.object({ chatId: ExportId, messageId: ExportId }).safeParse(await params);
      if (!parsed.success) throw new AppError("not_found:resource");
      const { chatId, messageId } = parsed.data;
      const exported = await loadOwnAnswerExport(user.id, chatId, messageId);
      // The viewer's links in the document lead back to this app.
      const body = await answerDocx(exported, { origin: new URL(request.url).origin });
      return docxResponse(body, exported.question, `answer-${messageId}.docx`);
    } catch (error) {
      return errorResponse(error);
    }
  },
);
