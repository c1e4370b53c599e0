import { appendFileSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { AppError } from "../../errors";
import { logger } from "../../util/log";
import { bodyOf, callKey, canonicalBody, excerptOf } from "./canonical";
import { KIND_LABEL } from "./prompt-kind";
import { ReplayBook } from "./replay-book";
import { chatReplyFromJson, chatReplyFromSse, chatResponse, jsonResponse } from "./responses";
import { CHAT_ROLES, type FetchFunction, type ModelCalls, type ModelRole, type RecordedCall } from "./types";

const ROLE_LABEL: Record<ModelRole, string> = {
  analyst: "분석가(analyst)",
  judge: "판사(judge)",
  answer: "답변(answer)",
  embeddings: "임베딩(embeddings)",
  rerank: "리랭커(rerank)",
};

const urlOf = (input: RequestInfo | URL) =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url;

function abortIfAsked(init: RequestInit | undefined): void {
  if (init?.signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
}

/** Answers every call from the book; a call it has no reply for is an error, never a network call. */
export function replayFetch(book: ReplayBook, role: ModelRole, path: string): FetchFunction {
  return async (_input, init) => {
    abortIfAsked(init);
    const body = bodyOf(init);
    const hit = book.lookup(role, body);
    const gap = hit ? undefined : book.uncovered(role, body);
    if (gap) {
      throw new AppError("ai:replay_not_covered", {
        userMessage: `기록 파일에 이 질문의 ${KIND_LABEL[gap]} 응답이 없습니다`,
        detail: `${path}: no ${gap} reply for "${excerptOf(role, body)}"`,
      });
    }
    if (!hit) {
      const excerpt = excerptOf(role, body);
      throw new AppError("ai:replay_missing", {
        userMessage: `기록된 모델 응답이 없습니다 — ${ROLE_LABEL[role]}: "${excerpt}"`,
        detail: `${path}: no recorded ${role} reply for "${excerpt}" (model ${String(body.model ?? "?")})`,
      });
    }
    return "chat" in hit ? chatResponse(hit.chat, body) : jsonResponse(hit.json);
  };
}

/**
 * Calls go to the network; each successful reply is appended to the file as one JSON line. A reply
 * that cannot be read (or written) is never dropped silently: `onUnrecorded` hears why, and the
 * recording run reports it (a later replay of that call would fail with ai:replay_missing).
 */
export function recordingFetch(
  path: string,
  role: ModelRole,
  base: FetchFunction = fetch,
  onUnrecorded: (reason: string) => void = (reason) => logger("ai:record").error(reason),
): FetchFunction {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.ok || !response.body) return response;
    const body = bodyOf(init);
    const request = canonicalBody(body);
    const write = (reply: RecordedCall["response"]) => {
      const line: RecordedCall = {
        v: 1,
        role,
        key: callKey(role, request),
        request,
        response: reply,
        model: typeof body.model === "string" ? body.model : undefined,
        baseURL: urlOf(input).replace(/\/(chat\/completions|embeddings|rerank)$/, ""),
        at: new Date().toISOString(),
      };
      try {
        appendFileSync(path, `${JSON.stringify(line)}\n`);
      } catch (error) {
        onUnrecorded(`${role}: could not write ${path}: ${String(error)}`);
      }
    };
    const unreadable = (what: string) => onUnrecorded(`${role}: ${what} (${excerptOf(role, body)})`);
    const chat = CHAT_ROLES.includes(role);
    if (chat && body.stream === true) {
      // The caller reads one branch as it streams; the other is assembled and written at the end.
      const [mine, theirs] = response.body.tee();
      void chatReplyFromSse(theirs)
        .then((reply) => (reply ? write({ chat: reply }) : unreadable("streamed reply not readable")))
        .catch((error) => unreadable(`stream failed: ${String(error)}`));
      return new Response(mine, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    const text = await response.text();
    try {
      const json = JSON.parse(text) as unknown;
      const reply = chat ? chatReplyFromJson(json) : undefined;
      if (!chat) write({ json });
      else if (reply) write({ chat: reply });
      else unreadable("reply has no readable chat message");
    } catch {
      // Not JSON: handed on untouched (the client reports ai:bad_response to its caller), and said here.
      unreadable("reply is not JSON");
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

const replays = new Map<string, { stamp: string; calls: ModelCalls }>();

/** Replay mode for a file, loaded once (and again when the file changes). */
export function replayCalls(path: string): ModelCalls {
  const full = resolve(path);
  let stamp = "";
  try {
    const s = statSync(full);
    stamp = `${s.size}:${s.mtimeMs}`;
  } catch (cause) {
    throw new AppError("bad_request:input", { userMessage: `기록 파일을 찾을 수 없습니다: ${path}`, cause });
  }
  const known = replays.get(full);
  if (known && known.stamp === stamp) return known.calls;
  const book = ReplayBook.fromFile(full);
  const calls: ModelCalls = {
    mode: "replay",
    path,
    fetchFor: (role) => replayFetch(book, role, path),
    roles: () => book.roles(),
    modelFor: (role) => book.modelFor(role),
    identity: () => `replay:${book.sha256.slice(0, 16)}`,
    toJSON: () => ({ mode: "replay", path }),
  };
  replays.set(full, { stamp, calls });
  return calls;
}

/** Record mode: calls go to the configured endpoints and are appended to the file. */
export function recordCalls(path: string): ModelCalls {
  const full = resolve(path);
  mkdirSync(dirname(full), { recursive: true });
  const unrecorded: string[] = [];
  const onUnrecorded = (reason: string) => {
    unrecorded.push(reason);
    logger("ai:record").error(reason);
  };
  return {
    mode: "record",
    path,
    fetchFor: (role) => recordingFetch(full, role, fetch, onUnrecorded),
    roles: () => new Set(),
    modelFor: () => undefined,
    // A recording run must really call the models (a cached result would leave its file without
    // those calls), so the file it records to is part of the evaluation's cache key.
    identity: () => `record:${full}`,
    toJSON: () => ({ mode: "record", path, ...(unrecorded.length ? { unrecorded: [...unrecorded] } : {}) }),
  };
}
