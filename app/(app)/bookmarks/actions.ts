"use server";

import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { deleteBookmark, listBookmarks, saveBookmark } from "@/lib/db/bookmarks";
import type { ActionResult } from "@/lib/errors";
import { actionResult, parseInput } from "@/lib/util/action-result";
import { currentUser } from "../../(auth)/auth";

// The signed-in user's bookmarks of precedents (lib/db/bookmarks.ts scopes them by user).

const caseNo = z.string().trim().min(1).max(200);
const bookmarkSchema = z.object({
  caseNo,
  corpusId: z.string().max(64).nullish(),
  caseName: z.string().max(500).optional(),
  court: z.string().max(100).optional(),
  decisionDate: z.string().max(40).optional(),
  note: z.string().trim().max(2000, "메모는 2,000자 이내로 적어 주세요."),
});

const me = async () => requireUser(await currentUser());

/** caseNo → note, for the bookmark buttons on a page. */
export async function bookmarkNotesAction(): Promise<ActionResult<Record<string, string>>> {
  return actionResult(async () =>
    Object.fromEntries((await listBookmarks((await me()).id)).map((b) => [b.caseNo, b.note])),
  );
}

export async function saveBookmarkAction(input: z.input<typeof bookmarkSchema>): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await saveBookmark((await me()).id, parseInput(bookmarkSchema, input));
    return null;
  });
}

export async function deleteBookmarkAction(value: string): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await deleteBookmark((await me()).id, parseInput(caseNo, value));
    return null;
  });
}
