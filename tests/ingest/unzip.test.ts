import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { SKIPPED_CODE, SkipReport } from "@/lib/ingest/skip-report";
import { listInputFiles } from "@/lib/ingest/sources";
import { extractZip, unpackLocalZip } from "@/lib/ingest/unzip";
import { UploadBudget, type UploadLimits } from "@/lib/ingest/upload-budget";
import { deflateZeros, unicodePathExtra, type ZipEntryInput, zip } from "../support/zip-writer";

const MB = 1_048_576;
const roomy: UploadLimits = { maxBytes: 50 * MB, maxFiles: 100, maxUnpackedBytes: 50 * MB, maxRatio: 200 };
const text = (s: string) => Buffer.from(s, "utf8");
// "판례" and "똠" in CP949 (똠 is one of the syllables only CP949's extension has, not EUC-KR).
const PANRYE_CP949 = [0xc6, 0xc7, 0xb7, 0xca];
const DDOM_CP949 = [0x8c, 0x63];

function unpack(entries: ZipEntryInput[], limits: UploadLimits = roomy) {
  const dir = mkdtempSync(join(tmpdir(), "rar-unzip-"));
  const path = join(dir, "in.zip");
  writeFileSync(path, zip(entries));
  const dest = join(dir, "out");
  const skipped = new SkipReport();
  const budget = new UploadBudget(limits);
  const run = extractZip(path, dest, { budget, skipped, label: "묶음.zip" });
  return { run, dest, skipped, budget };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : `other: ${error}`;
  }
  return undefined;
}

describe("zip entry names", () => {
  it("reads UTF-8 names when the UTF-8 flag is set", async () => {
    const { run, dest } = unpack([{ name: "민사/대법원/판례.md", data: text("가"), utf8Flag: true }]);
    expect(await run).toBe(1);
    expect(readFileSync(join(dest, "민사/대법원/판례.md"), "utf8")).toBe("가");
  });

  it("reads CP949 names written without the flag (Info-ZIP, Windows), extension syllables included", async () => {
    const raw = Uint8Array.from([...PANRYE_CP949, 0x2f, ...DDOM_CP949, ...text(".md")]);
    const { run, dest } = unpack([{ name: raw, data: text("나"), utf8Flag: false }]);
    expect(await run).toBe(1);
    expect(listInputFiles(dest).map((f) => f.name)).toEqual(["판례/똠.md"]);
  });

  it("reads UTF-8 names written without the flag, and turns macOS's decomposed Hangul into NFC", async () => {
    const nfd = "판례.md".normalize("NFD");
    const { run, dest } = unpack([
      { name: Buffer.from("대법원.md", "utf8"), data: text("다"), utf8Flag: false },
      { name: Buffer.from(nfd, "utf8"), data: text("라"), utf8Flag: false },
    ]);
    expect(await run).toBe(2);
    expect(readdirSync(dest).sort()).toEqual(["대법원.md", "판례.md"]);
  });

  it("prefers Info-ZIP's Unicode Path field over the legacy name when its CRC matches", async () => {
    const legacy = Uint8Array.from([...PANRYE_CP949, ...text(".md")]);
    const { run, dest } = unpack([
      { name: legacy, data: text("마"), utf8Flag: false, extra: unicodePathExtra(legacy, "판결문.md") },
    ]);
    expect(await run).toBe(1);
    expect(readdirSync(dest)).toEqual(["판결문.md"]);
  });
});

describe("skipped entries", () => {
  it("reports each skipped entry by name and reason, and writes nothing outside the folder", async () => {
    const { run, dest, skipped } = unpack([
      { name: "판례/a.md", data: text("a") },
      { name: "판례/", data: new Uint8Array() },
      { name: "../escape.md", data: text("x") },
      { name: "/etc/abs.md", data: text("x") },
      { name: "C:\\Windows\\win.md", data: text("x") },
      { name: "__MACOSX/판례/._a.md", data: text("x") },
      { name: ".DS_Store", data: text("x") },
      { name: "사진.png", data: text("x") },
      { name: "inner.zip", data: text("x") },
      { name: "secret.md", data: text("x"), encrypted: true },
      { name: "stored.md", data: text("x"), method: 0 },
      { name: "bzip2.md", data: text("x"), method: 12 },
    ]);
    expect(await run).toBe(2);
    expect(listInputFiles(dest).map((f) => f.name)).toEqual(["stored.md", "판례/a.md"]);
    expect(existsSync(join(dest, "..", "escape.md"))).toBe(false);
    const byFile = Object.fromEntries(skipped.list().map((e) => [e.file, e.message]));
    expect(Object.keys(byFile).sort()).toEqual(
      [
        "묶음.zip/../escape.md",
        "묶음.zip//etc/abs.md",
        "묶음.zip/C:\\Windows\\win.md",
        "묶음.zip/__MACOSX/판례/._a.md",
        "묶음.zip/.DS_Store",
        "묶음.zip/사진.png",
        "묶음.zip/inner.zip",
        "묶음.zip/secret.md",
        "묶음.zip/bzip2.md",
      ].sort(),
    );
    expect(byFile["묶음.zip/../escape.md"]).toContain("폴더 밖");
    expect(byFile["묶음.zip//etc/abs.md"]).toContain("폴더 밖");
    expect(byFile["묶음.zip/C:\\Windows\\win.md"]).toContain("폴더 밖");
    expect(byFile["묶음.zip/__MACOSX/판례/._a.md"]).toContain("숨김");
    expect(byFile["묶음.zip/사진.png"]).toContain("지원하지 않는 파일 형식");
    expect(byFile["묶음.zip/inner.zip"]).toContain("zip 안의 zip");
    expect(byFile["묶음.zip/secret.md"]).toContain("암호");
    expect(byFile["묶음.zip/bzip2.md"]).toContain("압축 방식");
    expect(skipped.list().every((e) => e.code === SKIPPED_CODE)).toBe(true);
  });
});

describe("zip budgets", () => {
  it("refuses an entry packed past the ratio cap before inflating anything", async () => {
    const bomb = await deflateZeros(64 * MB);
    const { run, dest } = unpack([
      { name: "first.md", data: text("먼저 읽힐 수 있는 항목") },
      { name: "zeros.md", packed: bomb },
    ]);
    const error = await run.catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("ingest:too_large");
    expect(error.userMessage).toContain("압축률");
    expect(error.userMessage).toContain("zeros.md");
    // Checked on the central directory: not even the harmless first entry was written.
    expect(existsSync(dest)).toBe(false);
  });

  it("refuses an entry whose real content is bigger than its declared size, while inflating", async () => {
    const bomb = await deflateZeros(64 * MB);
    // Declares 1 MiB (a plausible 2:1 ratio against its packed size) but inflates to 64 MiB.
    const { run, budget } = unpack([{ name: "liar.md", packed: { ...bomb, size: MB } }]);
    const error = await run.catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("ingest:bad_file");
    expect(error.userMessage).toContain("liar.md");
    expect(budget.unpacked).toBeLessThanOrEqual(MB);
  });

  it("refuses when the declared sizes together exceed the unpacked budget, and counts entries", async () => {
    const data = Buffer.from(
      Array.from({ length: 300_000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join(""),
    );
    const limits = { ...roomy, maxUnpackedBytes: 500_000 };
    expect(await codeOf(unpack([{ name: "a.md", data }], limits).run)).toBeUndefined();
    expect(
      await codeOf(
        unpack(
          [
            { name: "a.md", data },
            { name: "b.md", data },
          ],
          limits,
        ).run,
      ),
    ).toBe("ingest:too_large");
    const many = Array.from({ length: 4 }, (_, i) => ({ name: `${i}.md`, data: text("x") }));
    expect(await codeOf(unpack(many, { ...roomy, maxFiles: 3 }).run)).toBe("ingest:too_large");
  });

  it("refuses a file that is not a zip", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rar-unzip-"));
    writeFileSync(join(dir, "x.zip"), "not a zip at all");
    const run = extractZip(join(dir, "x.zip"), join(dir, "out"), {
      budget: new UploadBudget(roomy),
      skipped: new SkipReport(),
      label: "x.zip",
    });
    expect(await codeOf(run)).toBe("ingest:bad_file");
  });

  it("the CLI's unpacking has no size limit but keeps the ratio cap and removes its folder on refusal", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rar-unzip-"));
    writeFileSync(
      join(dir, "ok.zip"),
      zip([
        { name: "판례.md", data: text("가") },
        { name: "x.png", data: text("x") },
      ]),
    );
    const skipped = await unpackLocalZip(join(dir, "ok.zip"), join(dir, "ok"), 200);
    expect(readdirSync(join(dir, "ok"))).toEqual(["판례.md"]);
    expect(skipped.map((e) => e.file)).toEqual(["ok.zip/x.png"]);
    writeFileSync(join(dir, "bomb.zip"), zip([{ name: "z.md", packed: await deflateZeros(16 * MB) }]));
    expect(await codeOf(unpackLocalZip(join(dir, "bomb.zip"), join(dir, "bomb"), 200))).toBe("ingest:too_large");
    expect(existsSync(join(dir, "bomb"))).toBe(false);
  });
});
