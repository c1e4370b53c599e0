"use server";

import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { stopRun } from "@/lib/chat/running";
import { type ChatSearchHit, moveOwnChat, renameOwnChat, searchOwnChats } from "@/lib/db/chat-manage";
import { deleteOwnChat, findOwnChat } from "@/lib/db/chats";
import { createMatter, deleteMatter, type MatterRecord, renameMatter } from "@/lib/db/matters";
import type { ActionResult } from "@/lib/errors";
import { AppError } from "@/lib/errors";
import { actionResult, parseInput } from "@/lib/util/action-result";
import { currentUser } from "../../(auth)/auth";

// Chats and matters (사건 폴더) of the signed-in user; lib/db scopes every query by their id.

const id = z.string().min(1).max(64);
const title = z.string().trim().min(1, "제목을 입력해 주세요.").max(200, "제목은 200자 이내로 입력해 주세요.");
const matterName = z
  .string()
  .trim()
  .min(1, "사건 폴더 이름을 입력해 주세요.")
  .max(100, "사건 폴더 이름은 100자 이내로 입력해 주세요.");

const me = async () => requireUser(await currentUser());

export async function renameChatAction(chatId: string, newTitle: string): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await renameOwnChat((await me()).id, parseInput(id, chatId), parseInput(title, newTitle));
    return null;
  });
}

/** Deletes a chat and its answers; an answer still being written in it is stopped first. */
export async function deleteChatAction(chatId: string): Promise<ActionResult<null>> {
  return actionResult(async () => {
    const user = await me();
    const chat = await findOwnChat(user.id, parseInput(id, chatId));
    if (!chat) throw new AppError("not_found:resource", { userMessage: "대화를 찾을 수 없습니다." });
    for (const m of chat.messages) if (m.status === "streaming") stopRun(m.id, user.id);
    await deleteOwnChat(user.id, chat.id);
    return null;
  });
}

export async function searchChatsAction(text: string): Promise<ActionResult<ChatSearchHit[]>> {
  return actionResult(async () => searchOwnChats((await me()).id, parseInput(z.string().max(200), text)));
}

export async function moveChatAction(chatId: string, matterId: string | null): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await moveOwnChat((await me()).id, parseInput(id, chatId), parseInput(id.nullable(), matterId));
    return null;
  });
}

export async function createMatterAction(name: string): Promise<ActionResult<MatterRecord>> {
  return actionResult(async () => createMatter((await me()).id, parseInput(matterName, name)));
}

export async function renameMatterAction(matterId: string, name: string): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await renameMatter((await me()).id, parseInput(id, matterId), parseInput(matterName, name));
    return null;
  });
}

/** Deletes the folder; its chats stay, unfiled. */
export async function deleteMatterAction(matterId: string): Promise<ActionResult<null>> {
  return actionResult(async () => {
    await deleteMatter((await me()).id, parseInput(id, matterId));
    return null;
  });
}
