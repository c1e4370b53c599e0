import { beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/users";
import { deleteBookmark, findBookmark, listBookmarks, saveBookmark } from "@/lib/db/bookmarks";
import { moveOwnChat, renameOwnChat, searchOwnChats } from "@/lib/db/chat-manage";
import { addMessage, createChat, deleteOwnChat, listChats } from "@/lib/db/chats";
import type { Db } from "@/lib/db/client";
import { countFeedback, listFeedback, ownFeedback, reportCitationError, setVote } from "@/lib/db/feedback";
import { createMatter, deleteMatter, listMatters, renameMatter } from "@/lib/db/matters";
import type { UserRecord } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { useTestDatabase } from "../support/test-db";

let db: Db;
let kim: UserRecord;
let lee: UserRecord;

beforeAll(async () => {
  db = useTestDatabase();
  kim = await registerUser({ email: "kim@firm.test", name: "김", role: "lawyer", password: "kim-password-1" });
  lee = await registerUser({ email: "lee@firm.test", name: "이", role: "lawyer", password: "lee-password-1" });
});

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

async function chatWith(userId: string, title: string, question: string, answer = "답변입니다.") {
  const chat = await createChat(userId, title);
  await addMessage({ chatId: chat.id, role: "user", content: question });
  const reply = await addMessage({ chatId: chat.id, role: "assistant", content: answer });
  return { chat, answerId: reply.id };
}

describe("chats: rename, search, delete, only one's own", () => {
  it("renames without moving the chat in the list; another user's chat is not found", async () => {
    const { chat: older } = await chatWith(kim.id, "임대차 보증금", "보증금을 돌려받을 수 있나요?");
    const { chat: newer } = await chatWith(kim.id, "회원권 이용료", "헬스장 회원권 이용료를 돌려받을 수 있나요?");
    await renameOwnChat(kim.id, older.id, "김OO 임대차 사건");
    const list = await listChats(kim.id);
    expect(list.map((c) => c.title).slice(0, 2)).toEqual(["회원권 이용료", "김OO 임대차 사건"]);
    expect(list[0]?.id).toBe(newer.id);
    await expectCode(renameOwnChat(lee.id, older.id, "가로채기"), "not_found:resource");
    expect((await listChats(kim.id)).find((c) => c.id === older.id)?.title).toBe("김OO 임대차 사건");
  });

  it("searches titles and question text, only in the user's own chats", async () => {
    await chatWith(lee.id, "이의 보증금 사건", "전세 보증금 반환 소송을 하려면?");
    const byTitle = await searchOwnChats(kim.id, "임대차");
    expect(byTitle.map((c) => c.title)).toEqual(["김OO 임대차 사건"]);
    expect(byTitle[0]?.matchedQuestion).toBeUndefined();
    const byQuestion = await searchOwnChats(kim.id, "보증금");
    expect(byQuestion.map((c) => c.title)).toEqual(["김OO 임대차 사건"]);
    expect(byQuestion[0]?.matchedQuestion).toBe("보증금을 돌려받을 수 있나요?");
    expect((await searchOwnChats(lee.id, "보증금")).map((c) => c.title)).toEqual(["이의 보증금 사건"]);
    // Answers are not searched, nor are LIKE wildcards taken as wildcards.
    expect(await searchOwnChats(kim.id, "답변입니다")).toEqual([]);
    expect(await searchOwnChats(kim.id, "%")).toEqual([]);
    expect(await searchOwnChats(kim.id, "_")).toEqual([]);
    const { chat: percent } = await chatWith(kim.id, "지분 50% 양도", "질문");
    const hits = await searchOwnChats(kim.id, "50%");
    expect(hits.map((c) => c.id)).toEqual([percent.id]);
    // Dates come back as dates (the query is raw SQL).
    const listed = (await listChats(kim.id)).find((c) => c.id === percent.id);
    expect(hits[0]?.updatedAt.getTime()).toBe(listed?.updatedAt.getTime());
    expect((await searchOwnChats(kim.id, "50% 양도"))[0]?.matterId).toBeNull();
    expect(await searchOwnChats(kim.id, "  ")).toEqual([]);
  });

  it("deletes only the user's own chat", async () => {
    const { chat } = await chatWith(kim.id, "지울 대화", "지울 질문");
    expect(await deleteOwnChat(lee.id, chat.id)).toBe(false);
    expect(await db.chat.count({ where: { id: chat.id } })).toBe(1);
    expect(await deleteOwnChat(kim.id, chat.id)).toBe(true);
    expect(await db.message.count({ where: { chatId: chat.id } })).toBe(0);
  });
});

describe("matters", () => {
  it("creates, renames, files chats and deletes a folder, keeping its chats", async () => {
    const matter = await createMatter(kim.id, "김OO 의뢰인");
    await expectCode(createMatter(kim.id, "김OO 의뢰인"), "matters:name_taken");
    // The same name is another user's own business.
    const leeMatter = await createMatter(lee.id, "김OO 의뢰인");
    await renameMatter(kim.id, matter.id, "2024가단1234 김OO");
    await expectCode(renameMatter(lee.id, matter.id, "가로채기"), "not_found:resource");
    expect((await listMatters(kim.id)).map((m) => m.name)).toEqual(["2024가단1234 김OO"]);
    expect((await listMatters(lee.id)).map((m) => m.id)).toEqual([leeMatter.id]);

    const { chat } = await chatWith(kim.id, "사건 대화", "질문");
    await moveOwnChat(kim.id, chat.id, matter.id);
    expect((await listChats(kim.id)).find((c) => c.id === chat.id)?.matterId).toBe(matter.id);
    // Not into another user's matter, not another user's chat.
    await expectCode(moveOwnChat(kim.id, chat.id, leeMatter.id), "not_found:resource");
    await expectCode(moveOwnChat(lee.id, chat.id, leeMatter.id), "not_found:resource");
    await expectCode(deleteMatter(lee.id, matter.id), "not_found:resource");

    await deleteMatter(kim.id, matter.id);
    expect(await listMatters(kim.id)).toEqual([]);
    const kept = (await listChats(kim.id)).find((c) => c.id === chat.id);
    expect(kept?.matterId).toBeNull();
    await moveOwnChat(kim.id, chat.id, null);
  });
});

describe("bookmarks", () => {
  it("keeps one bookmark per decision with a note, per user", async () => {
    await saveBookmark(kim.id, {
      caseNo: "2030다1234",
      corpusId: "c1",
      caseName: "이용료반환",
      court: "대법원",
      decisionDate: "2030.05.14",
      note: "이용료 반환 — 중도 해지",
    });
    // Updating the note from a place that does not know the details keeps them.
    await saveBookmark(kim.id, { caseNo: "2030다1234", note: "해지한 회원은 잔여 이용료 반환" });
    const mine = await listBookmarks(kim.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      caseNo: "2030다1234",
      court: "대법원",
      caseName: "이용료반환",
      note: "해지한 회원은 잔여 이용료 반환",
    });
    expect(await listBookmarks(lee.id)).toEqual([]);
    expect(await findBookmark(lee.id, "2030다1234")).toBeNull();
    expect(await deleteBookmark(lee.id, "2030다1234")).toBe(false);
    expect(await deleteBookmark(kim.id, "2030다1234")).toBe(true);
    expect(await listBookmarks(kim.id)).toEqual([]);
  });
});

describe("feedback", () => {
  it("votes toggle and replace each other; reports are kept; admins see question and answer", async () => {
    const { answerId } = await chatWith(kim.id, "피드백", "회원권 이용료 질문", "대법원 2030다1234 판결에 따르면…");
    expect(await setVote(kim, answerId, "up")).toBe("up");
    expect(await setVote(kim, answerId, "down")).toBe("down");
    expect(await ownFeedback(kim.id, answerId)).toEqual({ vote: "down", reports: 0 });
    expect(await setVote(kim, answerId, "down")).toBeNull();
    expect(await setVote(kim, answerId, "up")).toBe("up");
    await reportCitationError(kim, answerId, "2030다1234은 이 사안과 관계없음");
    await reportCitationError(kim, answerId, "두 번째 신고");
    expect(await ownFeedback(kim.id, answerId)).toEqual({ vote: "up", reports: 2 });

    const all = await listFeedback();
    expect(all.map((f) => f.kind).sort()).toEqual(["citation_error", "citation_error", "up"]);
    const report = all.find((f) => f.comment === "2030다1234은 이 사안과 관계없음");
    expect(report).toMatchObject({
      userEmail: "kim@firm.test",
      question: "회원권 이용료 질문",
      answer: "대법원 2030다1234 판결에 따르면…",
    });
    expect(await countFeedback()).toEqual({ up: 1, down: 0, citation_error: 2 });
    expect((await listFeedback({ kind: "up" })).map((f) => f.kind)).toEqual(["up"]);
  });

  it("no one can rate or report another user's answer; a deleted chat leaves the feedback", async () => {
    const { chat, answerId } = await chatWith(kim.id, "남의 답변", "질문", "답변");
    await expectCode(setVote(lee, answerId, "down"), "not_found:resource");
    await expectCode(reportCitationError(lee, answerId, "x"), "not_found:resource");
    // Only answers are rated, not questions.
    const question = await db.message.findFirstOrThrow({ where: { chatId: chat.id, role: "user" } });
    await expectCode(setVote(kim, question.id, "up"), "not_found:resource");

    await reportCitationError(kim, answerId, "남는 신고");
    await deleteOwnChat(kim.id, chat.id);
    const kept = (await listFeedback()).find((f) => f.comment === "남는 신고");
    expect(kept).toMatchObject({ messageId: null, question: "질문", answer: "답변" });
  });
});
