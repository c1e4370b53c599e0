import { beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/users";
import { ANSWER_STALE_MS, closeStaleAnswers } from "@/lib/chat/answer-liveness";
import { ProgressSaver } from "@/lib/chat/progress-saver";
import { resumeAnswer } from "@/lib/chat/resume";
import type { AnswerRecord } from "@/lib/chat/types";
import { addMessage, createChat, findOwnMessage } from "@/lib/db/chats";
import type { Db } from "@/lib/db/client";
import { useTestDatabase } from "../support/test-db";

// Several instances on one database (PostgreSQL): an answer streamed by one instance must not be
// closed or shown as interrupted by another while its writer is alive, and must be once it died.

let db: Db;
let userId: string;
let chatId: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  db = useTestDatabase();
  userId = (
    await registerUser({ email: "live@firm.test", name: "변호사", role: "lawyer", password: "live-password-1" })
  ).id;
  chatId = (await createChat(userId, "생존 확인")).id;
});

async function streaming(content: string, updatedAt?: Date) {
  const message = await addMessage({ chatId, role: "assistant", content, status: "streaming" });
  if (updatedAt) await db.message.update({ where: { id: message.id }, data: { updatedAt } });
  return message.id;
}

describe("answers written by another instance", () => {
  it("the sweep closes only answers whose writer stopped beating", async () => {
    const live = await streaming("살아 있는 답변");
    const dead = await streaming("멈춘 답변", new Date(Date.now() - ANSWER_STALE_MS - 5_000));
    expect(await closeStaleAnswers()).toBe(1);
    expect((await findOwnMessage(userId, live))?.status).toBe("streaming");
    const closed = await findOwnMessage(userId, dead);
    expect(closed?.status).toBe("interrupted");
    expect(closed?.content).toBe("멈춘 답변");
  });

  it("a reconnect on a shared database reports a live writer's answer as running, a dead one's as interrupted", async () => {
    const live = await streaming("다른 인스턴스가 쓰는 중");
    const dead = await streaming("끊긴 답변", new Date(Date.now() - ANSWER_STALE_MS - 1_000));
    expect((await resumeAnswer(userId, live, { shared: true })).status).toBe("running");
    expect((await resumeAnswer(userId, live, { shared: true })).answer).toBe("다른 인스턴스가 쓰는 중");
    expect((await resumeAnswer(userId, dead, { shared: true })).status).toBe("interrupted");
    // One server (SQLite): no other writer can exist, so it is interrupted at once.
    expect((await resumeAnswer(userId, live, { shared: false })).status).toBe("interrupted");
  });

  it("the progress saver beats while the answer does not change (a slow model keeps it alive)", async () => {
    const id = await streaming("", new Date(Date.now() - 60_000));
    const record = { trace: { queries: { analytical: "" } } } as unknown as AnswerRecord;
    const saver = new ProgressSaver(id, () => ({ content: "", trace: record }), { beatMs: 100 });
    const before = (await findOwnMessage(userId, id))?.updatedAt.getTime() ?? 0;
    await sleep(400);
    await saver.close();
    const after = (await findOwnMessage(userId, id))?.updatedAt.getTime() ?? 0;
    expect(after - before).toBeGreaterThan(50_000);
    await closeStaleAnswers();
    expect((await findOwnMessage(userId, id))?.status).toBe("streaming");
  });
});
