import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseBenchmark } from "@/lib/eval/benchmark";

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
