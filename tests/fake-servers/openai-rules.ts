/**
 * Scripted replies for the fake OpenAI server: rules are tried in order against each chat request;
 * the first whose matchers all hold decides the answer.
 */

/** A substring the text must contain, or a pattern it must match. */
export type Matcher = string | RegExp;

export interface Rule {
  model?: Matcher;
  /** All system messages, joined by newlines. */
  system?: Matcher;
  /** The last user message. */
  user?: Matcher;
  /** Reply text (streamed in `chunkSize` pieces when the request asks for a stream). */
  reply?: string;
  /** An HTTP error answer instead of a reply. */
  error?: { status: number; body?: unknown; headers?: Record<string, string> };
  /** Never answers (the client's timeout must fire). */
  hang?: boolean;
  /** A 200 whose body is this text verbatim (a malformed answer). */
  raw?: string;
  /** Streams: after the reply's text, an `{ error: { message } }` frame instead of the finish. */
  streamError?: string;
  /** Streams: the connection is cut after this many text chunks. */
  dropAfterChunks?: number;
  /** Streams: nothing more is sent after this many text chunks, the connection left open. */
  stallAfterChunks?: number;
  /** Answer only this many times (then the next matching rule applies). */
  times?: number;
  /** Delay before the first byte, for this rule (adds to the server's latencyMs). */
  delayMs?: number;
  /** Overrides the server's delay between streamed chunks (a slow answer to stop). */
  chunkDelayMs?: number;
  /**
   * Token log-probs sent when the request asks for them (`logprobs: true`): one value for every
   * token, or one per token (the last repeated). Unset: -0.1. A token is one streamed chunk.
   * `false`: none, even when asked (this reply comes from an endpoint without log-probs).
   */
  logprobs?: number | number[] | false;
}

interface ChatMessage {
  role: string;
  content: string | { type: string; text?: string }[] | null;
}

const textOf = (m: ChatMessage | undefined): string =>
  !m?.content ? "" : typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join("");

const matches = (m: Matcher | undefined, value: string) =>
  m === undefined || (typeof m === "string" ? value.includes(m) : m.test(value));

/** The first usable rule for a chat request body; counts its use. */
export function pickRule(rules: Rule[], used: Map<Rule, number>, body: Record<string, unknown>): Rule | undefined {
  const messages = Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [];
  const system = messages
    .filter((m) => m.role === "system" || m.role === "developer")
    .map(textOf)
    .join("\n");
  const user = textOf([...messages].reverse().find((m) => m.role === "user"));
  const rule = rules.find(
    (r) =>
      (r.times === undefined || (used.get(r) ?? 0) < r.times) &&
      matches(r.model, String(body.model ?? "")) &&
      matches(r.system, system) &&
      matches(r.user, user),
  );
  if (rule) used.set(rule, (used.get(rule) ?? 0) + 1);
  return rule;
}

type JsonMatcher = string | { regex: string; flags?: string };
type JsonRule = Omit<Rule, "model" | "system" | "user"> & {
  model?: JsonMatcher;
  system?: JsonMatcher;
  user?: JsonMatcher;
  modelPattern?: string;
  systemPattern?: string;
  userPattern?: string;
};

const toMatcher = (m: JsonMatcher | undefined, pattern: string | undefined): Matcher | undefined =>
  pattern !== undefined ? new RegExp(pattern) : typeof m === "object" && m !== null ? new RegExp(m.regex, m.flags) : m;

/**
 * Rules from JSON (the CLI's --rules file), where a pattern is written `"userPattern": "예물"` or
 * `"user": { "regex": "예물|혼인", "flags": "i" }`; a plain string is a substring, as in code.
 */
export function rulesFromJson(value: unknown): Rule[] {
  if (!Array.isArray(value)) throw new Error("rules file: expected a JSON array of rules");
  return (value as JsonRule[]).map(({ modelPattern, systemPattern, userPattern, model, system, user, ...rest }) => ({
    ...rest,
    model: toMatcher(model, modelPattern),
    system: toMatcher(system, systemPattern),
    user: toMatcher(user, userPattern),
  }));
}
