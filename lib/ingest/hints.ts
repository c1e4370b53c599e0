import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/**
 * Metadata typed into the upload form for plain .txt/.md decisions (court, case type, …). Kept in
 * the upload folder beside the files (a dot-file, so the importer skips it) so that a job resumed
 * after a restart still has it.
 */
export const metaHintsSchema = z.object({
  caseNo: z.string().trim().max(100).optional(),
  caseName: z.string().trim().max(200).optional(),
  court: z.string().trim().max(100).optional(),
  courtLevel: z.string().trim().max(50).optional(),
  caseType: z.string().trim().max(50).optional(),
  decisionDate: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, "선고일자는 YYYY-MM-DD 형식이어야 합니다.")
    .optional(),
});

export type MetaHints = z.infer<typeof metaHintsSchema>;

const FILE = ".upload-meta.json";

export function writeHints(dir: string, hints: MetaHints): void {
  writeFileSync(join(dir, FILE), JSON.stringify(hints));
}

export function readHints(dir: string): MetaHints {
  const path = join(dir, FILE);
  if (!existsSync(path)) return {};
  const parsed = metaHintsSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  return parsed.success ? parsed.data : {};
}
