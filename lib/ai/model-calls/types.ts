/**
 * Recorded model calls: every chat, embeddings and rerank request with its reply, one JSON line
 * per call, so an evaluation can be re-run later without the network (docs/method.md §6: record once against
 * the paid endpoint, then change fusion, k, weights or the tokenizer for free).
 */

/** Who makes a call: the three chat roles, the embeddings endpoint, the reranker. */
export type ModelRole = "analyst" | "judge" | "answer" | "embeddings" | "rerank";

export const MODEL_ROLES: readonly ModelRole[] = ["analyst", "judge", "answer", "embeddings", "rerank"];
export const CHAT_ROLES: readonly ModelRole[] = ["analyst", "judge", "answer"];

export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** A chat reply as text and usage: replayed as a JSON answer or as an SSE stream, whichever is asked. */
export interface ChatReply {
  text: string;
  usage?: { prompt_tokens: number; completion_tokens: number };
  finishReason?: string;
  /** Token log-probs, when the request asked for them (`logprobs: true`) and the endpoint sent them. */
  logprobs?: TokenLogprob[];
}

export interface TokenLogprob {
  token: string;
  logprob: number;
}

/** One line of a file written by record mode. */
export interface RecordedCall {
  v: 1;
  role: ModelRole;
  /** sha256 of the role and the canonical request. */
  key: string;
  /** The canonical request (volatile fields dropped). */
  request: Record<string, unknown>;
  /** Chat: `{ chat: ChatReply }`; embeddings and rerank: the answer's JSON body as received. */
  response: { chat: ChatReply } | { json: unknown };
  model?: string;
  baseURL?: string;
  at: string;
}

/**
 * A mode for every model call of a configuration: recording (calls go to the network and are
 * written down) or replaying (calls are answered from the file; the network is never touched).
 */
export interface ModelCalls {
  mode: "record" | "replay";
  /** The file's path as given. */
  path: string;
  /** The fetch the providers and the rerank client use for this role. */
  fetchFor(role: ModelRole): FetchFunction;
  /** Replay: what the file holds, so components count as configured by it. */
  roles(): ReadonlySet<ModelRole>;
  /** Replay: the model id the file recorded for a role (undefined for the simple format). */
  modelFor(role: ModelRole): string | undefined;
  /** The file's content hash (replay) or its path (record): part of the evaluation cache key. */
  identity(): string;
  toJSON(): { mode: string; path: string; unrecorded?: string[] };
}
