import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { AppError } from "../../errors";
import { callKey, canonicalBody, normalizeSpace, userPromptOf } from "./canonical";
import { CHAT_ROLES, type ChatReply, MODEL_ROLES, type ModelRole, type RecordedCall, type SimpleReply } from "./types";

export type ReplayHit = { chat: ChatReply } | { json: unknown };

/**
 * A recorded-calls file, indexed. Two formats are read, line by line:
 *  - our own (record mode): role + canonical request → reply, matched exactly;
 *  - the simple one: `{question, analytical, judge}` — an analyst request whose user prompt contains
 *    the question (whitespace normalised) gets `analytical`, a judge request gets `judge`. It is
 *    matched by the question, not the prompt text, so it still answers after a prompt is edited
 *    (figures measured that way must say the prompts changed since the replies were written).
 */
export class ReplayBook {
  private readonly calls = new Map<string, RecordedCall>();
  private readonly simple: { question: string; analytical?: string; judge?: string }[] = [];
  private readonly roleSet = new Set<ModelRole>();
  private readonly models = new Map<ModelRole, string>();
  readonly sha256: string;

  constructor(text: string, source = "기록 파일") {
    this.sha256 = createHash("sha256").update(text).digest("hex");
    text
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/)
      .forEach((raw, index) => {
        if (!raw.trim()) return;
        const problem = this.add(raw);
        if (problem) {
          throw new AppError("bad_request:input", {
            userMessage: `${source} ${index + 1}번째 줄: ${problem}`,
            detail: `replay file line ${index + 1}: ${problem}`,
          });
        }
      });
  }

  static fromFile(path: string): ReplayBook {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (cause) {
      throw new AppError("bad_request:input", { userMessage: `기록 파일을 읽을 수 없습니다: ${path}`, cause });
    }
    return new ReplayBook(text, path);
  }

  /** A problem with the line, or undefined when it was taken. */
  private add(raw: string): string | undefined {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return "JSON 형식이 올바르지 않습니다";
    }
    if (!value || typeof value !== "object") return "JSON 객체가 아닙니다";
    const line = value as Partial<RecordedCall> & Partial<SimpleReply>;
    if (typeof line.role === "string") {
      if (!MODEL_ROLES.includes(line.role)) return `알 수 없는 역할 '${line.role}'`;
      if (!line.request || !line.response) return "request 또는 response가 없습니다";
      const key = callKey(line.role, canonicalBody(line.request));
      // The first recording of a request wins: replays are stable when a file was appended to.
      if (!this.calls.has(key)) this.calls.set(key, line as RecordedCall);
      this.roleSet.add(line.role);
      if (line.model && !this.models.has(line.role)) this.models.set(line.role, line.model);
      return undefined;
    }
    if (typeof line.question === "string" && (line.analytical !== undefined || line.judge !== undefined)) {
      const question = normalizeSpace(line.question);
      if (!question) return "question이 비어 있습니다";
      this.simple.push({ question, analytical: line.analytical, judge: line.judge });
      if (typeof line.analytical === "string") this.roleSet.add("analyst");
      if (typeof line.judge === "string") this.roleSet.add("judge");
      return undefined;
    }
    return "기록 형식(role·request·response)도, 간단한 형식(question·analytical·judge)도 아닙니다";
  }

  roles(): ReadonlySet<ModelRole> {
    return this.roleSet;
  }

  modelFor(role: ModelRole): string | undefined {
    return this.models.get(role);
  }

  get size(): number {
    return this.calls.size + this.simple.length;
  }

  lookup(role: ModelRole, body: Record<string, unknown>): ReplayHit | undefined {
    const exact = this.calls.get(callKey(role, canonicalBody(body)));
    if (exact) return exact.response;
    if (!CHAT_ROLES.includes(role) || this.simple.length === 0) return undefined;
    const field = role === "analyst" ? "analytical" : role === "judge" ? "judge" : undefined;
    if (!field) return undefined;
    const prompt = normalizeSpace(userPromptOf(body));
    // The longest question found wins: a short question may sit inside a longer one's prompt.
    let best: (typeof this.simple)[number] | undefined;
    for (const entry of this.simple) {
      if (entry[field] === undefined || !prompt.includes(entry.question)) continue;
      if (!best || entry.question.length > best.question.length) best = entry;
    }
    const text = best?.[field];
    return text === undefined ? undefined : { chat: { text } };
  }
}
