import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { registerUser } from "@/lib/auth/users";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { seedFixtureDecisions } from "./seed-fixtures";

/**
 * The chat tests that ask one plain question while the database is busy (tests/db/durability,
 * tests/chat/held-question): the fake model answering a drone-damage question
 * about a made-up decision, our fixture decisions in the store, and one lawyer.
 */
export const DRONE_QUESTION = "드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?";
export const DRONE_ANSWER = "배상받을 수 있습니다(대법원 2098다1001).";

export interface DroneChat {
  server: FakeOpenAI;
  userId: string;
  dataDir: string;
}

/** After useTestDatabase() (the test file's own database). */
export async function startDroneChat(name: string, email: string): Promise<DroneChat> {
  const server = await startFakeOpenAI({
    rules: [
      { system: "법률 분석가", reply: "드론 낙하물 손해배상" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n드론 운용자는 손해를 배상하여야 한다.` },
      { system: "리서치 어시스턴트", reply: DRONE_ANSWER },
    ],
  });
  const dataDir = mkdtempSync(join(tmpdir(), `rar-${name}-`));
  Object.assign(process.env, { LLM_BASE_URL: server.url, LLM_MODEL: "fake", DATA_DIR: dataDir });
  resetEnvCache();
  await seedFixtureDecisions(await getStore());
  const user = await registerUser({ email, name: "변호사", role: "lawyer", password: `${name}-password-1` });
  return { server, userId: user.id, dataDir };
}
