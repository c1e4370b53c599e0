import type { DecisionPage, PageRequest } from "./decision-page";
import type { FindCounts } from "./find-parts";

/** Messages between the viewer's worker (viewer-worker.ts) and the server (viewer-client.ts). */

export type ViewerRequest =
  | ({ id: number; op: "page"; file: string } & Omit<PageRequest, "pageChars">)
  | { id: number; op: "find"; file: string; query: string }
  | { id: number; op: "text"; file: string };

export interface ViewerResults {
  /** Null: no archived record at that path. */
  page: DecisionPage | null;
  find: FindCounts | null;
  /** The whole decision as UTF-8 plain text (transferred, not copied). */
  text: Uint8Array<ArrayBuffer> | null;
}

export type ViewerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
