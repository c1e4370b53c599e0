import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { EmbeddingCache, embedWithCache } from "@/lib/ingest/embedding-cache";
import { extractZip, listInputFiles } from "@/lib/ingest/sources";
import { checkUploadLimits } from "@/lib/ingest/upload";

const tmp = () => mkdtempSync(join(tmpdir(), "rar-sources-"));
const limits = { maxBytes: 10_000, maxFiles: 10 };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : "other";
  }
  return undefined;
}

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

  it("unpacks a zip, keeping only importable files and refusing path escapes", () => {
    const dest = tmp();
    const zip = zipSync({
      "판례/a.md": strToU8("가"),
      "판례/b.txt": strToU8("나"),
      "image.png": strToU8("x"),
      "../escape.md": strToU8("x"),
    });
    extractZip(zip, dest, limits);
    expect(listInputFiles(dest).map((f) => f.name)).toEqual(["판례/a.md", "판례/b.txt"]);
    expect(readFileSync(join(dest, "판례/a.md"), "utf8")).toBe("가");
  });

  it("refuses a zip that unpacks past the limits (zip bomb) and a file that is not a zip", () => {
    const bomb = zipSync({ "big.md": new Uint8Array(50_000) });
    expect(codeOf(() => extractZip(bomb, tmp(), limits))).toBe("ingest:too_large");
    expect(codeOf(() => extractZip(strToU8("not a zip at all"), tmp(), limits))).toBe("ingest:bad_file");
  });
});

describe("upload limits", () => {
  it("refuses too many files, too many bytes, nothing, or only unsupported types — before reading anything", () => {
    const ok = [{ name: "a.md", size: 100 }];
    expect(codeOf(() => checkUploadLimits(ok, limits))).toBeUndefined();
    expect(codeOf(() => checkUploadLimits([], limits))).toBe("ingest:bad_file");
    expect(codeOf(() => checkUploadLimits([{ name: "huge.zip", size: 2 * 1024 ** 3 }], limits))).toBe(
      "ingest:too_large",
    );
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.md`, size: 1 }));
    expect(codeOf(() => checkUploadLimits(many, limits))).toBe("ingest:too_large");
    expect(codeOf(() => checkUploadLimits([{ name: "x.pdf", size: 1 }], limits))).toBe("ingest:bad_file");
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
