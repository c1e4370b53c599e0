import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One reader of case numbers (issue 32): no regular expression outside the text layer (lib/text)
 * may guess at the shape of a 사건번호 — digits, Hangul letters, digits. Everything else calls
 * lib/text/case-citation.ts (or case-number.ts, which uses it).
 */

const ROOTS = ["lib", "app", "components", "scripts", "instrumentation.ts", "proxy.ts"];
const ALLOWED = /^lib\/text\//;
// A digit class, then (within a few characters) a Hangul range, then a digit class again: the
// shape of "\d{2,4}\s?[가-힣]{1,3}\s?\d{1,7}" in a regex literal or in a pattern string.
const CASE_NO_SHAPE = /\\d(?:\{[\d,]+\}|[+*?])?[^\n]{0,30}?\[?가-힣\]?[^\n]{0,30}?\\\\?d/;

function sourceFiles(path: string): string[] {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return /\.(ts|tsx|mjs|cjs|js)$/.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) =>
    name === "node_modules" || name === "generated" || name === "generated-pg" ? [] : sourceFiles(join(path, name)),
  );
}

function caseNumberPatterns(text: string): string[] {
  return text.split("\n").filter((line) => CASE_NO_SHAPE.test(line) && !/^\s*(\/\/|\*)/.test(line));
}

describe("the one case-number reader", () => {
  it("catches a case-number pattern written elsewhere", () => {
    expect(caseNumberPatterns("const CITED = /(?<![\\d가-힣])(\\d{2,4}[가-힣]{1,3}\\d{1,7})(?!\\d)/g;")).toHaveLength(
      1,
    );
    expect(caseNumberPatterns('const CASE = "(\\\\d{2,4})\\\\s?([가-힣]{1,3})\\\\s?(\\\\d{1,7})";')).toHaveLength(1);
    expect(caseNumberPatterns("const HEADING = /^(?:\\d+\\.\\s*)?([가-힣\\s]{2,8}?)$/;")).toEqual([]);
  });

  it("finds none outside lib/text", () => {
    const root = process.cwd();
    const found = ROOTS.flatMap((r) => sourceFiles(join(root, r)))
      .map((f) => relative(root, f))
      .filter((f) => !ALLOWED.test(f))
      .flatMap((f) => caseNumberPatterns(readFileSync(join(root, f), "utf8")).map((line) => `${f}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});
