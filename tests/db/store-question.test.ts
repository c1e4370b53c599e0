import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { storeQuestion } from "@/lib/db/store-question";
import { createTestDb } from "../support/test-db";

let db: Db;
let mine: string;
let theirs: string;

beforeAll(async () => {
  db = createTestDb().db;
  const user = (email: string) =>
    db.user.create({ data: { email, name: email, role: "lawyer", passwordHash: "x" }, select: { id: true } });
  mine = (await user("mine@firm.test")).id;
  theirs = (await user("theirs@firm.test")).id;
});

const messagesOf = (chatId: string) =>
  db.message.findMany({
    where: { chatId },
    orderBy: { createdAt: "asc" },
    select: { id: true, role: true, status: true },
  });

describe("storing a question", () => {
  it("creates the chat with the question, then the empty answer to fill in", async () => {
    const stored = await storeQuestion(
      { userId: mine, title: "예물", question: "예물을 돌려받나요?", filters: { corpusIds: ["k"] }, strategy: "hyde" },
      db,
    );
    expect(stored).not.toBeNull();
    const chat = await db.chat.findUniqueOrThrow({ where: { id: stored?.chatId } });
    expect(chat).toMatchObject({ userId: mine, title: "예물", strategy: "hyde", filters: '{"corpusIds":["k"]}' });
    const messages = await messagesOf(chat.id);
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "streaming"],
    ]);
    expect(messages[1]?.id).toBe(stored?.assistantMessageId);
  });

  it("adds a follow-up to the lawyer's chat, keeping its strategy unless one is chosen, and moves it up", async () => {
    const first = await storeQuestion(
      { userId: mine, title: "t", question: "첫 질문", filters: undefined, strategy: "hyde" },
      db,
    );
    const chatId = first?.chatId as string;
    const before = await db.chat.findUniqueOrThrow({ where: { id: chatId } });
    await new Promise((r) => setTimeout(r, 5));
    const next = await storeQuestion(
      { userId: mine, chatId, title: "t", question: "후속 질문", filters: { courts: ["대법원"] } },
      db,
    );
    const after = await db.chat.findUniqueOrThrow({ where: { id: chatId } });
    expect(after.strategy).toBe("hyde");
    expect(after.filters).toBe('{"courts":["대법원"]}');
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const messages = await messagesOf(chatId);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(messages[3]?.id).toBe(next?.assistantMessageId);
  });

  it("writes nothing into another lawyer's chat", async () => {
    const theirChat = await storeQuestion(
      { userId: theirs, title: "t", question: "남의 질문", filters: undefined },
      db,
    );
    const chatId = theirChat?.chatId as string;
    expect(
      await storeQuestion({ userId: mine, chatId, title: "t", question: "끼어들기", filters: { courts: ["x"] } }, db),
    ).toBeNull();
    expect(await messagesOf(chatId)).toHaveLength(2);
    expect((await db.chat.findUniqueOrThrow({ where: { id: chatId } })).filters).toBeNull();
  });
});
