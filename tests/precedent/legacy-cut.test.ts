import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readStoredCut } from "@/lib/precedent/decision-parts";
import { cutLegacyArchivesNow } from "@/lib/precedent/viewer-client";
import { writeLargeDecision } from "../support/large-decision";

// Large decisions imported before the viewer kept them in parts are cut once after the server
// starts (instrumentation.ts), in a worker of their own, so no lawyer's first open parses a whole
// 60 MB archive. Small ones are left alone, a broken one is counted, a second sweep cuts nothing.

const dataDir = mkdtempSync(join(tmpdir(), "rar-legacy-cut-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const MB = 1_048_576;

describe("cutting large decisions imported before parts were kept", () => {
  it("cuts each large archive without parts once, in a worker, and skips the rest", async () => {
    const dir = join(dataDir, "corpora", "c1", "decisions");
    mkdirSync(dir, { recursive: true });
    const large = join(dir, "large.json");
    writeLargeDecision(large, 2 * MB, { caseNo: "2099다71", caseName: "손해배상", court: "대법원" });
    writeFileSync(join(dir, "small.json"), JSON.stringify({ caseNo: "2099다72", 판례내용: "짧은 판례" }));
    const broken = join(dir, "broken.json");
    writeFileSync(broken, `{"caseNo": "2099다73", "판례내용": "${"가".repeat(MB)}`); // cut off mid-string
    expect(await readStoredCut(large, statSync(large))).toBeNull();

    expect(await cutLegacyArchivesNow(dataDir)).toEqual({ checked: 2, cut: 1, failed: 1 });
    const stored = await readStoredCut(large, statSync(large));
    expect(stored?.starts.length).toBeGreaterThan(1);
    expect(stored?.meta.caseNo).toBe("2099다71");

    // Already cut (of this version): looked at, not cut again.
    expect(await cutLegacyArchivesNow(dataDir)).toEqual({ checked: 2, cut: 0, failed: 1 });
  }, 60_000);

  it("does nothing where there are no corpora yet", async () => {
    expect(await cutLegacyArchivesNow(join(dataDir, "nothing-here"))).toEqual({ checked: 0, cut: 0, failed: 0 });
  });
});
