import { createHash } from "node:crypto";
import type { ModelRole } from "./types";

/**
 * The canonical form of a request body: what decides the reply. Streaming switches and the
 * duplicate rerank field (`texts`, sent beside `documents` for TEI) are dropped, so a call recorded
 * streamed replays unstreamed and vice versa. Keys are sorted so field order never matters.
 */
const VOLATILE = new Set(["stream", "stream_options", "texts", "user"]);

export function canonicalBody(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([k, v]) => !VOLATILE.has(k) && v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function callKey(role: ModelRole, canonical: Record<string, unknown>): string {
  return createHash("sha256")
    .update(`${role}\u0000${stable(canonical)}`)
    .digest("hex");
}

interface Message {
  role?: string;
  content?: unknown;
}

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((p) => (p && typeof p === "object" && "text" in p ? String(p.text) : "")).join("")
      : "";

/** The last user message of a chat request (where the question is). */
export function userPromptOf(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as Message[]) : [];
  return textOf([...messages].reverse().find((m) => m.role === "user")?.content);
}

export const normalizeSpace = (text: string) => text.replace(/\s+/g, " ").trim();

/** A few words of the request, to name it in an error: the user prompt, the first input, the query. */
export function excerptOf(role: ModelRole, body: Record<string, unknown>, length = 80): string {
  let text = "";
  if (role === "embeddings") {
    const input = body.input;
    text = Array.isArray(input) ? String(input[0] ?? "") : String(input ?? "");
  } else if (role === "rerank") text = String(body.query ?? "");
  else text = userPromptOf(body);
  const flat = normalizeSpace(text);
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/** The JSON body of a fetch call (the providers and our rerank client always send a JSON string). */
export function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  const raw = init?.body;
  if (typeof raw !== "string") return {};
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
