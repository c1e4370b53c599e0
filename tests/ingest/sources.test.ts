import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EmbeddingCache, embedWithCache } from "@/lib/ingest/embedding-cache";
import { listInputFiles } from "@/lib/ingest/sources";

const tmp = () => mkdtempSync(join(tmpdir(), "rar-sources-"));

describe("input files", () => {
  it("lists importable files of a folder tree in a stable order, skipping hidden and other files", () => {
    const root = tmp();
    mkdirSync(join(root, "민사/대법원"), { recursive: true });
    mkdirSync(join(root, ".git"));
    writeFileSync(join(root, "민사/대법원/b.md"), "b");
    writeFileSync(join(root, "민사/대법원/a.md"), "a");
    writeFileSync(join(root, "list.jsonl"), "{}");
    writeFileSync(join(root, "notes.pdf"), "x");
    writeFileSync(join(root, ".git/config.md"), "x");
    expect(listInputFiles(root).map((f) => f.name)).toEqual(["list.jsonl", "민사/대법원/a.md", "민사/대법원/b.md"]);
  });
});

describe("embedding cache", () => {
  it("embeds each content hash once per model, across calls and duplicates", async () => {
    const cache = new EmbeddingCache(join(tmp(), "cache.db"));
    const calls: string[][] = [];
    const embed = async (texts: string[]) => {
      calls.push(texts);
      return texts.map((t) => [t.length, 1, 0.5]);
    };
    const items = [
      { hash: "h1", text: "가나" },
      { hash: "h2", text: "다라마" },
      { hash: "h1", text: "가나" },
    ];
    const first = await embedWithCache(items, "m", cache, embed);
    expect(first.embedded).toBe(2);
    expect(first.vectors).toEqual([
      [2, 1, 0.5],
      [3, 1, 0.5],
      [2, 1, 0.5],
    ]);
    const again = await embedWithCache(
      [
        { hash: "h2", text: "다라마" },
        { hash: "h3", text: "바" },
      ],
      "m",
      cache,
      embed,
    );
    expect(again.embedded).toBe(1);
    expect(calls).toEqual([["가나", "다라마"], ["바"]]);
    // Another model is another vector space: nothing is reused.
    expect((await embedWithCache([{ hash: "h1", text: "가나" }], "other", cache, embed)).embedded).toBe(1);
    cache.close();
  });
});
