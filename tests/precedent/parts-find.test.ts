import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findInPartFiles } from "@/lib/precedent/parts-find";

// A passage of a decision stored in parts is searched for in the part files' bytes
// (lib/precedent/parts-find.ts): the offset must be the one String.indexOf gives on the whole text,
// for passages across a cut, Korean and 4-byte characters at the cut, and bounded by [from, to).

const dir = mkdtempSync(join(tmpdir(), "rar-parts-find-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let written = 0;

/** The text cut at `starts` into part files; returns the finder over them. */
function parts(text: string, starts: number[]) {
  const id = `t${written++}`;
  const bounds = [...starts, text.length];
  for (let i = 0; i + 1 < bounds.length; i++) {
    writeFileSync(join(dir, `${id}-${i + 1}.txt`), text.slice(bounds[i], bounds[i + 1]));
  }
  return (needle: string, from = 0, to = text.length) =>
    findInPartFiles((part) => join(dir, `${id}-${part}.txt`), starts, text.length, needle, from, to);
}

/** The first occurrence wholly within [from, to), as the reader must answer. */
function expected(text: string, needle: string, from: number, to: number): number {
  const at = text.indexOf(needle, from);
  return at >= 0 && at + needle.length <= to ? at : -1;
}

describe("finding a passage in a decision's part files", () => {
  it("finds a passage across a cut, after Korean and 4-byte characters", () => {
    const text = "가나다라마바사𠀀아자차카타파하 손해배상 청구를 기각한다. 𠀀원고의 상고를 기각한다.";
    for (let cut = 1; cut < text.length - 1; cut++) {
      // A cut inside a surrogate pair cannot come from the viewer (it cuts on characters); skip it.
      if (/[\udc00-\udfff]/.test(text[cut] ?? "")) continue;
      const find = parts(text, [0, cut]);
      for (const needle of ["손해배상 청구", "𠀀원고의", "기각한다.", "하 손", "없는 구절"]) {
        expect(find(needle), `${needle} cut at ${cut}`).toBe(expected(text, needle, 0, text.length));
      }
    }
  });

  it("keeps to [from, to): skips matches before `from`, refuses one that ends past `to`", () => {
    const text = "기각한다. 원고 패소. 기각한다. 피고 패소. 기각한다.";
    const find = parts(text, [0, 7, 15, 22]);
    const at = [0, 13, 26];
    expect(find("기각한다.")).toBe(at[0]);
    expect(find("기각한다.", 1)).toBe(at[1]);
    expect(find("기각한다.", 14)).toBe(at[2]);
    expect(find("기각한다.", 14, 30)).toBe(-1);
    expect(find("기각한다.", 27)).toBe(-1);
  });

  it("agrees with indexOf on random texts, cuts and ranges", () => {
    const alphabet = ["가", "나", "다", " ", "1", "𠀀", "\n", "손", "해"];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      let text = "";
      while (text.length < 60) text += alphabet[random(alphabet.length)];
      const starts = [0];
      for (let at = 1 + random(10); at < text.length; at += 1 + random(15)) {
        if (!/[\udc00-\udfff]/.test(text[at] ?? "")) starts.push(at);
      }
      const find = parts(text, starts);
      const from = random(text.length);
      const start = random(text.length - 4);
      let needle = text.slice(start, start + 1 + random(4));
      if (/^[\udc00-\udfff]/.test(needle) || /[\ud800-\udbff]$/.test(needle)) needle = "가나";
      const to = from + random(text.length - from + 1);
      expect(find(needle, from, to), `round ${round}`).toBe(expected(text, needle, from, to));
    }
  });
});
