import { describe, expect, it } from "vitest";
import { buildDecision } from "@/lib/ingest/sections";

describe("a decision's metadata at import", () => {
  const meta = {
    caseNo: "86다카2634",
    caseName: "null",
    court: "서울고법",
    courtLevel: "고등법원",
    caseType: "민사",
    decisionDate: "1988-09-27",
  };
  const raw = [{ name: "판결요지", text: "요지" }];
  it("reads a name written as the word null as no name, and a court under its one name", () => {
    const d = buildDecision(meta, raw);
    expect(d.meta.caseName).toBe("");
    expect(d.meta.court).toBe("서울고등법원");
    expect(buildDecision({ ...meta, caseName: " 손해배상(기) " }, raw).meta.caseName).toBe("손해배상(기)");
  });
});
