import { z } from "zod";

/**
 * Benchmark files: JSONL, one item per line.
 *   retrieval (KL-RQA style): {"id", "question", "gold_case_numbers": [..]}
 *   yes/no   (KL-BQA style): {"id", "question", "label": "yes" | "no", "gold_case_numbers"?: [..]}
 * Other fields (style, target, …) are kept but unused. A bad line is reported with its number.
 */
const base = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  question: z.string().trim().min(1, "question이 비어 있습니다"),
});
export const retrievalItemSchema = base.extend({
  gold_case_numbers: z.array(z.string().min(1)).min(1, "gold_case_numbers가 비어 있습니다"),
});
export const yesNoItemSchema = base.extend({
  label: z.enum(["yes", "no"], { message: "label은 yes 또는 no여야 합니다" }),
  gold_case_numbers: z.array(z.string().min(1)).default([]),
});

export type BenchmarkItem =
  | ({ kind: "retrieval" } & z.infer<typeof retrievalItemSchema>)
  | ({ kind: "yesno" } & z.infer<typeof yesNoItemSchema>);

export interface LoadedBenchmark {
  items: BenchmarkItem[];
  errors: { line: number; message: string }[];
}

export function parseBenchmark(text: string): LoadedBenchmark {
  const items: BenchmarkItem[] = [];
  const errors: { line: number; message: string }[] = [];
  const ids = new Set<string>();
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = index + 1;
      if (!raw.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        errors.push({ line, message: "JSON 형식이 올바르지 않습니다" });
        return;
      }
      const isYesNo = typeof value === "object" && value !== null && "label" in value;
      const parsed = isYesNo ? yesNoItemSchema.safeParse(value) : retrievalItemSchema.safeParse(value);
      if (!parsed.success) {
        errors.push({
          line,
          message: parsed.error.issues.map((i) => `${i.path.join(".") || "item"}: ${i.message}`).join("; "),
        });
        return;
      }
      if (ids.has(parsed.data.id)) {
        errors.push({ line, message: `id '${parsed.data.id}'가 중복되었습니다` });
        return;
      }
      ids.add(parsed.data.id);
      items.push(
        isYesNo
          ? { kind: "yesno", ...(parsed.data as z.infer<typeof yesNoItemSchema>) }
          : { kind: "retrieval", ...(parsed.data as z.infer<typeof retrievalItemSchema>) },
      );
    });
  return { items, errors };
}
