import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decisionFile, saveDecision } from "@/lib/ingest/decision-archive";
import { parseFile } from "@/lib/ingest/parse-file";
import { decisionPage, pageOfCut } from "@/lib/precedent/decision-page";
import { CUT_MIN_BYTES, partsDir, partsReader, readStoredCut } from "@/lib/precedent/decision-parts";
import { viewerFind, viewerPage, viewerStats, viewerText } from "@/lib/precedent/viewer-client";
import { LARGE_CITED, LARGE_FIND, largeDecisionJson } from "../support/large-decision";

// Issue 23 item 1: the first open of a 60 MB decision parsed its whole archive (~1.2 s). A large
// decision is now stored cut into the viewer's parts when it is imported, and a first open reads
// the cut's index and one part; a decision whose archive changed since is read whole and cut again.

const dataDir = mkdtempSync(join(tmpdir(), "rar-parts-"));
const HEADING = { caseNo: "2099다61", caseName: "손해배상", court: "대법원", decisionDate: "2099-06-02" };
const MB = 1_048_576;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const record = (bytes: number, extra = "") => {
  const json = largeDecisionJson(bytes, HEADING);
  return JSON.parse(extra ? json.replace("상고를 기각한다.", `상고를 기각한다. ${extra}`) : json) as Record<
    string,
    string
  >;
};
const passages = [{ id: "c1", section: "판례내용", text: LARGE_CITED }];
const hint = "사업자는 떨어진 물건의 손해를 배상할 책임이 있습니다";

describe("a large decision stored in parts", () => {
  it("is cut at import, and its first open reads the cut, not the whole archive", async () => {
    const json = largeDecisionJson(4 * MB, HEADING);
    const [decision] = parseFile("big.json", Buffer.from(json)).decisions;
    if (!decision) throw new Error("the fixture did not parse");
    await saveDecision(dataDir, "c", decision);
    const file = decisionFile(dataDir, "c", HEADING.caseNo);
    expect(statSync(file).size).toBeGreaterThan(CUT_MIN_BYTES);
    expect(readdirSync(partsDir(file)).length).toBeGreaterThan(10);

    const before = await viewerStats();
    const part = await viewerPage(file, { passages, hint });
    const after = await viewerStats();
    expect(after.wholeReads).toBe(before.wholeReads);
    expect(after.partOpens).toBe(before.partOpens + 1);
    // The same part as from the decision read whole: the passage's part, its sentence marked.
    const archived = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    expect(part).toEqual(decisionPage(archived, { passages, hint }));
    expect(part?.supportText).toBe(LARGE_CITED);
    expect(part?.page).toBeGreaterThan(1);
    expect(part?.toc.map((t) => t.label)).toContain("이유");
    // Another part, also from the stored parts.
    expect(await viewerPage(file, { passages: [], page: 2 })).toEqual(
      decisionPage(archived, { passages: [], page: 2 }),
    );
    expect((await viewerStats()).wholeReads).toBe(before.wholeReads);

    // Find across parts and the whole text read the stored parts, never the archive.
    const found = await viewerFind(file, LARGE_FIND);
    expect(found?.pages.length).toBeGreaterThan(1);
    const text = new TextDecoder().decode((await viewerText(file)) ?? new Uint8Array());
    expect(text.includes(LARGE_CITED)).toBe(true);
    expect(text.startsWith(`${HEADING.court} ${HEADING.decisionDate} 선고 ${HEADING.caseNo}`)).toBe(true);
    expect(text).toContain(archived.판례내용);
    const end = await viewerStats();
    expect(end.wholeReads).toBe(before.wholeReads);
    expect(end.partsReadWhole).toBe(before.partsReadWhole + 1);
  }, 60_000);

  it("learns where a passage is when the cut has no map for it, and goes there directly next time", async () => {
    const json = largeDecisionJson(3 * MB, { ...HEADING, caseNo: "2099다63" });
    const [decision] = parseFile("nomap.json", Buffer.from(json)).decisions;
    if (!decision) throw new Error("the fixture did not parse");
    const far = `${LARGE_CITED} 원고의 과실은 참작되었다.`;
    await saveDecision(dataDir, "c", decision); // no chunks: as if imported before the map existed
    const file = decisionFile(dataDir, "c", "2099다63");
    expect((await readStoredCut(file, statSync(file)))?.chunkAt).toBeUndefined();

    const cited = [{ id: "far-1", section: "판례내용", text: far }];
    const before = await viewerStats();
    const first = await viewerPage(file, { passages: cited, hint });
    expect(first?.passageFound).toBe(true);
    for (let i = 0; i < 200 && (await viewerStats()).offsetsLearned === before.offsetsLearned; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await viewerStats()).offsetsLearned).toBe(before.offsetsLearned + 1);
    const stored = await readStoredCut(file, statSync(file));
    const body = decision.sections.find((s) => s.name === "판례내용")?.text ?? "";
    expect(stored?.chunkAt?.["far-1"]).toBe(body.indexOf(far));
    if (!stored) return;
    // The next open reads only the passage's own part.
    const reads: [number, number][] = [];
    const reader = partsReader(file, stored, new Map());
    const again = pageOfCut(stored, { passages: cited, hint }, (from, to) => {
      reads.push([from, to]);
      return reader(from, to);
    });
    expect(again).toEqual(first);
    const partFrom = stored.starts[(again?.page ?? 1) - 1] ?? 0;
    const partTo = stored.starts[again?.page ?? 1] ?? stored.total;
    expect(reads.every(([from, to]) => from >= partFrom && to <= partTo)).toBe(true);
    expect((await viewerStats()).wholeReads).toBe(before.wholeReads);
  }, 60_000);

  it("opens a cited passage far in from its recorded place: reads only the index and its part", async () => {
    const json = largeDecisionJson(3 * MB, { ...HEADING, caseNo: "2099다62" });
    const [decision] = parseFile("far.json", Buffer.from(json)).decisions;
    if (!decision) throw new Error("the fixture did not parse");
    const far = `${LARGE_CITED} 원고의 과실은 참작되었다.`;
    const chunks = [
      { id: "near", section: "판례내용", text: "상고를 기각한다." },
      { id: "far", section: "판례내용", text: far },
    ];
    await saveDecision(dataDir, "c", decision, chunks);
    const file = decisionFile(dataDir, "c", "2099다62");
    const stored = await readStoredCut(file, statSync(file));
    if (!stored?.chunkAt) throw new Error("no chunk map stored");
    expect(stored.chunkAt.far).toBe((decision.sections.find((s) => s.name === "판례내용")?.text ?? "").indexOf(far));

    const cited = [{ id: "far", section: "판례내용", text: far }];
    // Every read of the text, by offsets: all within the passage's own part.
    const reads: [number, number][] = [];
    const reader = partsReader(file, stored, new Map());
    const direct = pageOfCut(stored, { passages: cited, hint }, (from, to) => {
      reads.push([from, to]);
      return reader(from, to);
    });
    const page = direct?.page ?? 0;
    expect(page).toBeGreaterThan(stored.starts.length / 2);
    const partFrom = stored.starts[page - 1] ?? 0;
    const partTo = stored.starts[page] ?? stored.total;
    for (const [from, to] of reads) {
      expect(from).toBeGreaterThanOrEqual(partFrom);
      expect(to).toBeLessThanOrEqual(partTo);
    }
    expect(direct?.supportText).toBe(LARGE_CITED);

    const before = await viewerStats();
    const part = await viewerPage(file, { passages: cited, hint });
    const after = await viewerStats();
    expect(after.wholeReads).toBe(before.wholeReads);
    expect(after.partOpens).toBe(before.partOpens + 1);
    expect(part).toEqual(direct);
    // A wrong recorded place is checked against the passage's text and the passage searched instead.
    const wrong = { ...stored, chunkAt: { far: 5 } };
    expect(pageOfCut(wrong, { passages: cited, hint }, reader)).toEqual(direct);
  }, 60_000);

  it("cuts an archive again when it changed since its parts were stored", async () => {
    const file = decisionFile(dataDir, "c", HEADING.caseNo);
    const changed = record(3 * MB, "바뀐 주문입니다.");
    writeFileSync(file, JSON.stringify(changed));
    utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    const source = statSync(file);
    expect(await readStoredCut(file, source)).toBeNull();

    const before = await viewerStats();
    const first = await viewerPage(file, { passages: [], page: 1 });
    expect(JSON.stringify(first)).toContain("바뀐 주문입니다.");
    expect((await viewerStats()).wholeReads).toBe(before.wholeReads + 1);
    // Cut again in the background, for the next first open; then the stored parts are the new ones.
    for (let i = 0; i < 200 && (await viewerStats()).cutsStored === before.cutsStored; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await viewerStats()).cutsStored).toBe(before.cutsStored + 1);
    const stored = await readStoredCut(file, source);
    expect(stored?.source.size).toBe(source.size);
    if (!stored) return;
    const request = { passages, hint };
    expect(pageOfCut(stored, request, partsReader(file, stored, new Map()))).toEqual(decisionPage(changed, request));
    // Only the new cut's files are left.
    expect(readdirSync(partsDir(file)).every((n) => n === "index.json" || n.startsWith(`${stored.cutId}-`))).toBe(true);
  }, 60_000);

  it("keeps no parts for a decision small enough to read whole", async () => {
    const [decision] = parseFile(
      "small.json",
      Buffer.from(JSON.stringify({ ...HEADING, caseNo: "2099다62", 판례내용: "짧은 본문입니다." })),
    ).decisions;
    if (!decision) throw new Error("the fixture did not parse");
    await saveDecision(dataDir, "c", decision);
    expect(existsSync(partsDir(decisionFile(dataDir, "c", "2099다62")))).toBe(false);
  });
});
