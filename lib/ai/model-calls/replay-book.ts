import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { AppError } from "../../errors";
import { callKey, canonicalBody } from "./canonical";
import type { PromptKind } from "./prompt-kind";
import { SimpleReplies } from "./simple-replies";
import { type ChatReply, MODEL_ROLES, type ModelRole, type RecordedCall } from "./types";

export type ReplayHit = { chat: ChatReply } | { json: unknown };

/**
 * A recorded-calls file, indexed. Two formats are read, line by line:
 *  - our own (record mode): role + canonical request → reply, matched exactly;
 *  - the simple one (lib/ai/model-calls/simple-replies.ts): `{question, <kind>: reply}` for every chat
 *    prompt kind, and `{caseNo, text, context | atoms}` for enrichment, matched by content.
 */
export class ReplayBook {
  private readonly calls = new Map<string, RecordedCall>();
  private readonly simple = new SimpleReplies();
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
    const line = value as Partial<RecordedCall> & Record<string, unknown>;
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
    const simple = this.simple.add(line);
    if (typeof simple === "string") return simple;
    if (simple) {
      for (const role of this.simple.roles()) this.roleSet.add(role);
      return undefined;
    }
    return "기록 형식(role·request·response)도, 간단한 형식(question과 analytical·judge·synonym·multi-query·hyde·answer·verify 중 하나, 또는 caseNo·text와 context·atoms)도 아닙니다";
  }

  roles(): ReadonlySet<ModelRole> {
    return this.roleSet;
  }

  modelFor(role: ModelRole): string | undefined {
    return this.models.get(role);
  }

  get size(): number {
    return this.calls.size + this.simple.size;
  }

  lookup(role: ModelRole, body: Record<string, unknown>): ReplayHit | undefined {
    const exact = this.calls.get(callKey(role, canonicalBody(body)));
    if (exact) return exact.response;
    const text = this.simple.lookup(role, body);
    return text === undefined ? undefined : { chat: { text } };
  }

  /**
   * A request of a kind the simple lines hold for other questions or chunks, but not this one: a gap
   * in a partial file (replies written for a few questions), which the caller handles as a failed
   * call (the strategy's own fallback, said as a notice) rather than a mismatch that ends the run.
   */
  uncovered(role: ModelRole, body: Record<string, unknown>): PromptKind | undefined {
    return this.simple.uncoveredKind(role, body);
  }
}
