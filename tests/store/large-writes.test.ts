import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { synthetic } from "./synthetic";

/**
 * Issue 23 item 3: one very large decision (60 MB, 46k chunks) was written in one transaction that
 * held chunks.db's write lock, and the importing process's event loop, for 17.6 s on a loaded
 * machine: other writers (the server's deletions, the index worker's prune) waited on it, and the
 * CLI's job heartbeat stopped until the server declared the import dead. Large writes now commit in
 * slices with the event loop's turn between them.
 */

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe("embedded store: a very large write", () => {
  it("commits in slices, releasing the write lock and the event loop between them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rar-large-write-"));
    const store = new EmbeddedStore(dir);
    const other = new Database(join(dir, "chunks.db"), { timeout: 0 });
    const seen: number[] = [];
    let otherWrites = 0;
    // Another connection between the slices: sees what was committed so far, and can write
    // without waiting (busy timeout 0: it would fail while a transaction held the lock).
    const probe = setInterval(() => {
      seen.push(other.prepare("SELECT count(*) FROM chunks WHERE corpus_id = 'big'").pluck().get() as number);
      other.prepare("INSERT OR REPLACE INTO store_meta VALUES ('probe', ?)").run(otherWrites++);
    }, 0);
    const items = range(0, 5_000).map((n) => synthetic("big", n));
    await store.replaceDocuments("big", [], items).finally(() => clearInterval(probe));
    expect(seen.some((n) => n > 0 && n < 5_000)).toBe(true);
    expect(otherWrites).toBeGreaterThan(0);
    expect(await store.count({ corpusIds: ["big"] })).toBe(5_000);

    // A re-import with fewer chunks: the stale ones go with the last slice, never before the new ones.
    const fewer = range(0, 2_400).map((n) => synthetic("big", n, 0, 1));
    const caseNos = [...new Set(items.map((i) => i.chunk.caseNo))];
    await store.replaceDocuments("big", caseNos, fewer);
    expect(await store.count({ corpusIds: ["big"] })).toBe(2_400);
    other.close();
    await store.close();
  });
});
