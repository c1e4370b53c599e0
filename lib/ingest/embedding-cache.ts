import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { yieldIfBusy } from "../jobs/time-slice";

/**
 * Vectors keyed by (embedding model, chunk content hash). Re-ingesting or re-indexing a corpus, or
 * importing the same decision into a second corpus, never pays for the same embedding twice.
 * A small SQLite file beside the indexes (not the app database: it can grow large and is disposable).
 */
export class EmbeddingCache {
  private readonly db: Database.Database;
  private readonly getStmt: Database.Statement<[string, string], { vector: Buffer }>;
  private readonly putStmt: Database.Statement<[string, string, Buffer]>;

  constructor(path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma("journal_mode = WAL");
    this.db.exec(
      "CREATE TABLE IF NOT EXISTS embeddings (model TEXT NOT NULL, hash TEXT NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (model, hash)) WITHOUT ROWID",
    );
    this.getStmt = this.db.prepare("SELECT vector FROM embeddings WHERE model = ? AND hash = ?");
    this.putStmt = this.db.prepare("INSERT OR REPLACE INTO embeddings (model, hash, vector) VALUES (?, ?, ?)");
  }

  get(model: string, hash: string): number[] | undefined {
    const row = this.getStmt.get(model, hash);
    if (!row) return undefined;
    const floats = new Float32Array(row.vector.buffer, row.vector.byteOffset, row.vector.byteLength / 4);
    return Array.from(floats);
  }

  putMany(model: string, entries: { hash: string; vector: number[] }[]): void {
    const tx = this.db.transaction((items: { hash: string; vector: number[] }[]) => {
      for (const { hash, vector } of items) this.putStmt.run(model, hash, Buffer.from(new Float32Array(vector).buffer));
    });
    tx(entries);
  }

  close(): void {
    this.db.close();
  }
}

/** Cache reads between two checks of the time slice (a read is a few microseconds). */
const READS_PER_CHECK = 64;

/**
 * Returns one vector per text, embedding only those whose hash is not cached yet. The cache answers
 * synchronously: reads give way to the event loop between small runs, so thousands of cached
 * chunks never hold it in one stretch.
 */
export async function embedWithCache(
  items: { hash: string; text: string }[],
  model: string,
  cache: EmbeddingCache,
  embed: (texts: string[]) => Promise<number[][]>,
): Promise<{ vectors: number[][]; embedded: number }> {
  const vectors: (number[] | undefined)[] = new Array(items.length);
  for (const [i, item] of items.entries()) {
    vectors[i] = cache.get(model, item.hash);
    if (i % READS_PER_CHECK === READS_PER_CHECK - 1) await yieldIfBusy();
  }
  const missing = items.flatMap((item, i) => (vectors[i] ? [] : [{ item, i }]));
  // Identical chunks inside one batch are embedded once.
  const unique = [...new Map(missing.map((m) => [m.item.hash, m.item])).values()];
  if (unique.length > 0) {
    const fresh = await embed(unique.map((u) => u.text));
    cache.putMany(
      model,
      unique.map((u, i) => ({ hash: u.hash, vector: fresh[i] ?? [] })),
    );
    const byHash = new Map(unique.map((u, i) => [u.hash, fresh[i]]));
    for (const { item, i } of missing) vectors[i] = byHash.get(item.hash);
  }
  return { vectors: vectors.map((v) => v ?? []), embedded: unique.length };
}
