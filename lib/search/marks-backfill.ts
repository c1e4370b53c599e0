import { open } from "node:fs/promises";
import { docsWithoutMarks, saveMarks } from "../db/search-docs";
import { logError } from "../errors";
import { decisionFile } from "../ingest/decision-archive";
import { yieldIfBusy } from "../jobs/time-slice";
import { marksFromText, NO_MARKS } from "../text/decision-marks";

/**
 * 전원합의체 and 원심판결 for decisions imported before they were read at import: read lazily from
 * each decision's archive (lib/ingest/decision-archive.ts) — no re-index, no embeddings. Only the
 * head (원심판결) and the tail (the judges' signature) of the file are read, asynchronously, so a
 * 60 MB decision costs what a small one does and the event loop keeps turning.
 */

const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 16 * 1024;

// The archive is JSON: its newlines are written "\n". Enough for the patterns of decision-marks.ts.
const unescapeJson = (s: string) => s.replace(/\\n/g, "\n").replace(/\\"/g, '"');

async function readEnds(path: string): Promise<{ head: string; tail: string } | null> {
  let file: Awaited<ReturnType<typeof open>> | undefined;
  try {
    file = await open(path, "r");
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await file.read(head, 0, head.length, 0);
    const tailLength = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    // A cut through a multi-byte character only spoils that character (decoded as U+FFFD).
    const body = (s: string) => {
      const at = s.indexOf('"판례내용":"');
      return unescapeJson(at >= 0 ? s.slice(at) : s);
    };
    return { head: body(head.toString("utf8")), tail: unescapeJson(tail.toString("utf8")) };
  } catch {
    return null;
  } finally {
    await file?.close();
  }
}

/** Reads and stores the marks of up to `limit` decisions that have none; returns how many it read. */
export async function fillMissingMarks(dataDir: string, limit = 200): Promise<number> {
  const docs = await docsWithoutMarks(limit);
  for (const doc of docs) {
    const ends = await readEnds(decisionFile(dataDir, doc.corpusId, doc.caseNo));
    // No archive (removed meanwhile): marked as read, with nothing found, so it is not tried again.
    await saveMarks(doc.id, ends ? marksFromText(doc.court, ends.head, ends.tail) : NO_MARKS);
    await yieldIfBusy();
  }
  return docs.length;
}

const holder = globalThis as unknown as { __marksBackfill?: Promise<void> };

/** Starts (once per process) filling every missing mark in the background, a batch at a time. */
export function startMarksBackfill(dataDir: string): Promise<void> {
  holder.__marksBackfill ??= (async () => {
    try {
      while ((await fillMissingMarks(dataDir, 200)) > 0) await new Promise((r) => setTimeout(r, 50));
    } catch (error) {
      logError(error);
    } finally {
      holder.__marksBackfill = undefined;
    }
  })();
  return holder.__marksBackfill;
}
