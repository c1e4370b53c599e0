import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The dev benchmark is for measuring, so its questions must not leak into what we write ourselves: a
// benchmark script, a test or an e2e fixture that asks a dev question invites tuning to it, and a fake
// reply written for it reads like a worked answer (tests/ai/prompts.test.ts keeps the prompts free of
// gold and sample case numbers). A "distinctive phrase" is any 8 characters in a row of a dev question
// (spaces and punctuation removed) with none of the generic words every question shares (…할 수 있나요,
// 청구, 배상, 책임…): "제가마음이변해서" is one; "배상받을수있나요" is not.
const DEV = resolve("../shared/data/dev");
const WIDTH = 8;
const GENERIC = ["수있", "나요", "까요", "는지", "청구", "배상", "책임", "할수", "해야", "하는"];
const ROOTS = ["scripts", "tests", "e2e", "docs", "lib", "components", "app"];
const TEXT = /\.(ts|tsx|mjs|json|jsonl|md)$/;
// Made to hold dev content: our replies for five dev questions, named by id (the Done-when replay).
const DEV_FIXTURES = new Set(["tests/fixtures/dev-strategy-replies.jsonl"]);
const squash = (text: string) => text.replace(/[^가-힣0-9A-Za-z]/g, "");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "generated" ? [] : files(path);
    return TEXT.test(e.name) ? [path] : [];
  });
}

describe.skipIf(!existsSync(DEV))("our own files hold no dev question", () => {
  it("no distinctive phrase of a dev question appears in scripts, tests, e2e, docs or code", () => {
    const phrases = new Map<string, string>();
    for (const name of ["retrieval.jsonl", "yesno.jsonl"]) {
      for (const line of readFileSync(join(DEV, name), "utf8").split("\n").filter(Boolean)) {
        const { id, question } = JSON.parse(line) as { id: string; question: string };
        const q = squash(question);
        for (let i = 0; i + WIDTH <= q.length; i++) {
          const phrase = q.slice(i, i + WIDTH);
          if (!GENERIC.some((g) => phrase.includes(g))) phrases.set(phrase, id);
        }
      }
    }
    expect(phrases.size).toBeGreaterThan(1000);
    const found: string[] = [];
    for (const path of ROOTS.flatMap((root) => files(root))) {
      if (DEV_FIXTURES.has(path) || path === "tests/docs/no-dev-questions.test.ts") continue;
      const text = squash(readFileSync(path, "utf8"));
      for (const [phrase, id] of phrases) {
        if (!text.includes(phrase)) continue;
        found.push(`${path}: ${id} "${phrase}"`);
        break;
      }
    }
    expect(found).toEqual([]);
  });

  it("the benchmark scripts name no gold case number of the dev set", () => {
    const gold = new Set<string>();
    for (const name of ["retrieval.jsonl", "yesno.jsonl"]) {
      for (const line of readFileSync(join(DEV, name), "utf8").split("\n").filter(Boolean)) {
        const item = JSON.parse(line) as { gold_case_numbers?: string[] };
        for (const n of item.gold_case_numbers ?? []) for (const part of n.split(",")) gold.add(part.trim());
      }
    }
    const numbers = [...gold].filter((n) => /^\d+[가-힣]+\d+$/.test(n));
    expect(numbers.length).toBeGreaterThan(50);
    for (const path of files("scripts")) {
      const text = readFileSync(path, "utf8");
      // Whole numbers only: 76므41 must not match inside 76므412.
      for (const n of numbers) expect(new RegExp(`(^|[^0-9])${n}(?![0-9])`).test(text), `${path}: ${n}`).toBe(false);
    }
  });
});
