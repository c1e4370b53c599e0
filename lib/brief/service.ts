import { generateChat } from "../ai/chat";
import { aiConfig } from "../ai/config";
import { recordAudit } from "../db/audit";
import { getStore } from "../store";
import { checkBrief } from "./check";
import type { BriefReport } from "./types";

/**
 * 서면 검증 as the page, the REST API and MCP run it: the draft's text checked against the firm's
 * corpora, the model asked only when the lawyer asked for it and one is configured, and one audit
 * row — who checked a draft and how many citations, never its words.
 */

export interface BriefCaller {
  user: { id: string; email: string };
  ip?: string;
  /** "화면", "API", "MCP": where the check was asked. */
  via: string;
}

export interface BriefRequest {
  text: string;
  /** The model reads each citation against its decision (only with a configured model). */
  llm?: boolean;
  signal?: AbortSignal;
}

export async function runBriefCheck(request: BriefRequest, caller: BriefCaller): Promise<BriefReport> {
  const config = aiConfig();
  const notes: string[] = [];
  let generate: Parameters<typeof checkBrief>[1]["generate"];
  if (request.llm && !config.chat) notes.push("언어 모델이 설정되지 않아 어휘 비교로만 근거를 확인했습니다.");
  else if (request.llm && config.chat) {
    const chat = config.chat;
    generate = (r) => generateChat({ role: "judge", ...r, config: chat, signal: request.signal }).then((x) => x.text);
  }
  const report = await checkBrief(request.text, { store: await getStore(), generate, signal: request.signal, notes });
  await recordAudit({
    actor: caller.user,
    ip: caller.ip,
    action: "brief.check",
    detail: `${caller.via}: 인용 ${report.citations.length}건, 조문 ${report.statutes.length}건${generate ? " (모델 검증)" : ""}`,
  });
  return report;
}
