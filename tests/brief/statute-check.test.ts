import { describe, expect, it, vi } from "vitest";
import { checkStatutes } from "@/lib/brief/statutes";
import { STATUTE_CHECKED_NOTE, STATUTE_MISSING_NOTE } from "@/lib/brief/types";
import { readStatuteRefs } from "@/lib/text/statute-ref";

// A small imported 민법 (제750조, 제751조, 제839조의2); no other statute imported.
vi.mock("@/lib/statutes/lookup", () => import("../support/statute-sample"));

const refs = (text: string) =>
  readStatuteRefs(text).map((r) => ({
    text: r.text,
    start: r.start,
    law: r.law,
    article: r.article,
    former: r.former,
  }));

describe("서면 검증: the draft's statutes against the imported ones", () => {
  it("links an existing article, says plainly that a missing one does not exist, lists the rest", async () => {
    const { statutes, notes } = await checkStatutes(
      refs("민법 제750조, 제839조의2에 따라 … 민법 제1200조는 … 민사소송법 제216조 및 제3조"),
    );
    const by = (a: string) => statutes.find((s) => s.article === a);
    expect(by("제750조")).toMatchObject({
      law: "민법",
      exists: true,
      url: "/statutes/%EB%AF%BC%EB%B2%95/%EC%A0%9C750%EC%A1%B0",
    });
    expect(by("제839조의2")).toMatchObject({ exists: true });
    expect(by("제1200조")).toMatchObject({ law: "민법", exists: false, note: STATUTE_MISSING_NOTE });
    expect(by("제1200조")?.url).toBeUndefined();
    expect(STATUTE_MISSING_NOTE).toBe("없는 조문입니다");
    // 민사소송법 is not imported, and a bare 제3조 names no statute: listed, not judged.
    expect(by("제216조")?.exists).toBeUndefined();
    expect(by("제3조")?.exists).toBeUndefined();
    expect(notes).toEqual([STATUTE_CHECKED_NOTE]);
  });

  it("says nothing for a draft that cites no statute", async () => {
    expect(await checkStatutes([])).toEqual({ statutes: [], notes: [] });
  });
});
