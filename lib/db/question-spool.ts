import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { env } from "../env";
import type { QuestionIds, QuestionInput } from "./store-question";

/**
 * The durable queue of questions not yet in the database: a lawyer's question is written here
 * (one small file, flushed to disk) before anything else can fail, and removed once the database
 * holds it. A database busy past its wait (another process holding SQLite's write lock, a
 * PostgreSQL lock) then delays the question instead of losing it; a server killed meanwhile leaves
 * the file, and the next start stores the question (lib/chat/held-questions.ts). Files, not a
 * table: the one thing that cannot be counted on at that moment is the database.
 */
export type SpooledQuestion = Omit<QuestionInput, "ids" | "askedAt" | "answerStatus"> & {
  ids: QuestionIds;
  /** ISO time it was asked. */
  askedAt: string;
};

export function spoolDir(dataDir: string = env().DATA_DIR): string {
  return resolve(dataDir, "pending-questions");
}

const fileOf = (dir: string, id: string) => join(dir, `${id}.json`);

/** Writes the question and flushes it to disk (a temporary name, then a rename: never half a file). */
export async function spoolQuestion(entry: SpooledQuestion, dir: string = spoolDir()): Promise<void> {
  await mkdir(dir, { recursive: true });
  const final = fileOf(dir, entry.ids.questionId);
  const temporary = `${final}.tmp`;
  const file = await open(temporary, "w");
  try {
    await file.writeFile(JSON.stringify(entry));
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, final);
}

/** The database holds it now (or it was refused): the queue forgets it. */
export async function unspoolQuestion(questionId: string, dir: string = spoolDir()): Promise<void> {
  await rm(fileOf(dir, questionId), { force: true });
}

/** Every question in the queue, oldest first (a damaged file is skipped, and kept for a look). */
export async function listSpooled(dir: string = spoolDir()): Promise<SpooledQuestion[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const entries: SpooledQuestion[] = [];
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    try {
      const entry = JSON.parse(await readFile(join(dir, name), "utf8")) as SpooledQuestion;
      if (entry?.ids?.questionId && entry.userId && typeof entry.question === "string") entries.push(entry);
    } catch {
      // Unreadable: left in place rather than deleted, so nothing a lawyer typed is thrown away.
    }
  }
  return entries.sort((a, b) => a.askedAt.localeCompare(b.askedAt));
}
