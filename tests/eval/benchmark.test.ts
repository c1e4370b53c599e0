import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseBenchmark } from "@/lib/eval/benchmark";
import { extractYesNo } from "@/lib/eval/yes-no";

describe("benchmark loader", () => {
  it("reads retrieval and yes/no items and reports bad lines by number", () => {
    const text = [
      '{"id": "r1", "question": "질문", "gold_case_numbers": ["76므41"], "style": "lay"}',
      '{"id": 2, "question": "예물?", "label": "yes"}',
      "not json",
      '{"id": "r3", "question": "질문", "gold_case_numbers": []}',
      '{"id": "r4", "question": "질문", "label": "maybe"}',
      '{"id": "r1", "question": "중복", "gold_case_numbers": ["1다1"]}',
      "",
    ].join("\n");
    const { items, errors } = parseBenchmark(text);
    expect(items.map((i) => [i.id, i.kind])).toEqual([
      ["r1", "retrieval"],
      ["2", "yesno"],
    ]);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(errors[0]?.message).toContain("JSON");
    expect(errors[3]?.message).toContain("중복");
  });

  it.skipIf(!existsSync(resolve("../shared/data/dev")))("loads the shared dev sets without errors", () => {
    const retrieval = parseBenchmark(readFileSync(resolve("../shared/data/dev/retrieval.jsonl"), "utf8"));
    const yesno = parseBenchmark(readFileSync(resolve("../shared/data/dev/yesno.jsonl"), "utf8"));
    expect(retrieval.errors).toEqual([]);
    expect(retrieval.items).toHaveLength(47);
    expect(yesno.errors).toEqual([]);
    expect(yesno.items.filter((i) => i.kind === "yesno" && i.label === "yes")).toHaveLength(12);
  });
});

describe("yes/no extraction from Korean answers", () => {
  it.each([
    ["예, 청구할 수 있습니다.", "yes"],
    ["네. 인정됩니다.", "yes"],
    ["그렇습니다. 판례는 이를 인정합니다.", "yes"],
    ["반환을 청구할 수 있습니다(대법원 76므41).", "yes"],
    ["아니요, 청구할 수 없습니다.", "no"],
    ["아닙니다. 유책자는 반환을 구할 수 없다.", "no"],
    ["예, 다만 이 경우에는 청구할 수 없습니다.", "no"],
    ["유책자는 예물 반환을 청구할 수 없습니다. 다만 상대방은 청구할 수 있습니다.", "no"],
    ["판례를 검토해 보겠습니다", null],
  ])("%s → %s", (answer, expected) => {
    expect(extractYesNo(answer)).toBe(expected);
  });
});
