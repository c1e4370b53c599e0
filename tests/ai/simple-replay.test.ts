import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateChat } from "@/lib/ai/chat";
import type { ChatConfig, ChatRole } from "@/lib/ai/config";
import { replayCalls } from "@/lib/ai/model-calls/modes";
import { analystPrompt } from "@/lib/ai/prompts/analyst";
import { answerPrompt } from "@/lib/ai/prompts/answer";
import { atomsMessages, contextMessages } from "@/lib/ai/prompts/enrich";
import { hydePrompt } from "@/lib/ai/prompts/hyde";
import { judgePrompt } from "@/lib/ai/prompts/judge";
import { multiQueryPrompt } from "@/lib/ai/prompts/multi-query";
import { synonymPrompt } from "@/lib/ai/prompts/synonyms";
import { verifyCitationsPrompt } from "@/lib/ai/prompts/verify-citations";
import { codeOf, DEAD_URL } from "./support";

// Replies written for this test, about a matter outside the dev set (a shop's key money).
const Q = "상가 임대차가 끝날 때 새 임차인에게서 권리금을 받지 못하게 막은 임대인에게 손해배상을 청구할 수 있나요?";
const OTHER = "헬스장 회원권을 중간에 해지하면 남은 기간 요금을 돌려받을 수 있나요?";
const ANSWER = "예, 청구할 수 있습니다. 임대인은 권리금 회수기회를 방해해서는 안 됩니다(대법원 2030다1).";
const dir = mkdtempSync(join(tmpdir(), "rar-simple-"));
const file = join(dir, "simple.jsonl");
const head = { caseNo: "2030다1", caseName: "손해배상", court: "대법원", decisionDate: "2030-01-01" };
const CHUNK = "임대인은 임대차기간이 끝나기 전 일정 기간 동안 권리금 회수를 방해하여서는 아니 된다.";
writeFileSync(
  file,
  [
    {
      question: Q,
      analytical: "권리금 회수기회 방해와 임대인의 손해배상책임",
      judge: "검토\n[판결 이유]\n임대인은 손해를 배상할 책임이 있다.",
      synonym: '["권리금", "회수기회", "신규임차인"]',
      "multi-query": ["권리금 회수기회 보호", "방해행위의 요건", "임대인과 신규임차인"],
      hyde: "임대인이 정당한 사유 없이 신규임차인과의 계약 체결을 거절한 경우 손해를 배상하여야 한다.",
      answer: ANSWER,
      verify: '[{"id": 1, "verdict": "supported", "quote": "", "reason": "같은 말"}]',
    },
    { question: OTHER, analytical: "계속적 계약의 중도 해지와 이용료 반환" },
    {
      caseNo: "2030다1",
      section: "판결요지",
      order: 0,
      text: CHUNK,
      context: "이 청크는 권리금 회수 방해에 관한 판결요지다.",
    },
    { caseNo: "2031다2", section: "판결요지", order: 0, text: CHUNK, context: "다른 사건의 같은 문장." },
    { caseNo: "2030다1", text: CHUNK, atoms: ["임대인은 권리금 회수를 방해할 수 있는가?"] },
  ]
    .map((l) => JSON.stringify(l))
    .join("\n"),
);

const config = (): ChatConfig => ({
  baseURL: DEAD_URL,
  models: { analyst: "a", judge: "j", answer: "w" },
  timeoutMs: 3000,
  calls: replayCalls(file),
});
const ask = async (role: ChatRole, p: { system: string; prompt: string }) =>
  (await generateChat({ role, ...p, config: config() })).text;

describe("the simple replay format covers every role", () => {
  it("answers each prompt kind with its own reply, matched by the question", async () => {
    expect(await ask("analyst", analystPrompt(Q))).toBe("권리금 회수기회 방해와 임대인의 손해배상책임");
    expect(await ask("analyst", synonymPrompt(Q))).toBe('["권리금", "회수기회", "신규임차인"]');
    expect(JSON.parse(await ask("analyst", multiQueryPrompt(Q)))).toHaveLength(3);
    expect(await ask("judge", judgePrompt(Q, "분석"))).toContain("[판결 이유]");
    expect(await ask("judge", hydePrompt(Q))).toContain("신규임차인");
    expect(await ask("answer", answerPrompt(Q, [], "(예/아니요)"))).toBe(ANSWER);
    const verify = verifyCitationsPrompt([
      { id: 1, caseNo: "2030다1", claim: "예, 청구할 수 있습니다.", passages: [{ section: "판결요지", text: CHUNK }] },
    ]);
    expect(await ask("judge", verify)).toContain("supported");
  });

  it("answers enrichment by the chunk's text and case number", async () => {
    const context = contextMessages(head, `판결요지\n${CHUNK}\n다른 문장`, { section: "판결요지", text: CHUNK });
    expect(await ask("analyst", { system: context.system, prompt: `${context.prefix}\n\n${context.chunk}` })).toBe(
      "이 청크는 권리금 회수 방해에 관한 판결요지다.",
    );
    const other = contextMessages({ ...head, caseNo: "2031다2" }, CHUNK, { section: "판결요지", text: CHUNK });
    expect(await ask("analyst", { system: other.system, prompt: `${other.prefix}\n\n${other.chunk}` })).toBe(
      "다른 사건의 같은 문장.",
    );
    const atoms = atomsMessages(head, { section: "판결요지", text: CHUNK });
    expect(
      JSON.parse(await ask("analyst", { system: atoms.system, prompt: `${atoms.prefix}\n\n${atoms.chunk}` })),
    ).toEqual(["임대인은 권리금 회수를 방해할 수 있는가?"]);
  });

  it("a kind held for other questions only is a gap, handled as a failed call (not fatal)", async () => {
    expect(await codeOf(() => ask("analyst", synonymPrompt(OTHER)))).toBe("ai:replay_not_covered");
    expect(await codeOf(() => ask("analyst", analystPrompt("전혀 다른 질문")))).toBe("ai:replay_not_covered");
    expect(await ask("analyst", analystPrompt(OTHER))).toBe("계속적 계약의 중도 해지와 이용료 반환");
  });
});
