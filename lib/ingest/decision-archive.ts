import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { partsDir, storeParts } from "../precedent/decision-parts";
import { normalizeCaseNo } from "../text/case-number";
import { decisionHeading, type ParsedDecision } from "../text/decision";
import { sha256 } from "./sources";

/**
 * Every indexed decision is also kept as one JSON file per corpus, in the JSON import format
 * (English metadata keys, Korean section keys). It is the corpus's own source of truth: re-index
 * reads it back (after a change of chunk size, tokenizer or embedding model), and the precedent
 * viewer shows whole sections from it rather than stitching overlapping chunks together.
 */

export function archiveDir(dataDir: string, corpusId: string): string {
  return resolve(dataDir, "corpora", corpusId, "decisions");
}

/** The archived decision's file (the viewer's worker reads it itself, off the main thread). */
export function decisionFile(dataDir: string, corpusId: string, caseNo: string): string {
  return join(archiveDir(dataDir, corpusId), `${sha256(normalizeCaseNo(caseNo)).slice(0, 24)}.json`);
}

export function toArchiveRecord(decision: ParsedDecision): Record<string, string> {
  const record: Record<string, string> = { ...decisionHeading(decision.meta) };
  if (decision.meta.serialNo) record.serialNo = decision.meta.serialNo;
  if (decision.meta.sourceUrl) record.sourceUrl = decision.meta.sourceUrl;
  for (const section of decision.sections) record[section.name] = section.text;
  return record;
}

/**
 * Archives the decision, and a large one also cut into the viewer's parts (lib/precedent/
 * decision-parts.ts), so that its first open reads one part rather than the whole archive.
 */
export async function saveDecision(
  dataDir: string,
  corpusId: string,
  decision: ParsedDecision,
  chunks: { id: string; section: string; text: string }[] = [],
): Promise<void> {
  mkdirSync(archiveDir(dataDir, corpusId), { recursive: true });
  const file = decisionFile(dataDir, corpusId, decision.meta.caseNo);
  const record = toArchiveRecord(decision);
  writeFileSync(file, JSON.stringify(record));
  await storeParts(file, record, undefined, undefined, chunks);
}

export function loadDecisionRecord(dataDir: string, corpusId: string, caseNo: string): Record<string, string> | null {
  const path = decisionFile(dataDir, corpusId, caseNo);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, string>) : null;
}

export function deleteDecision(dataDir: string, corpusId: string, caseNo: string): void {
  const file = decisionFile(dataDir, corpusId, caseNo);
  rmSync(file, { force: true });
  rmSync(partsDir(file), { recursive: true, force: true });
}

export function deleteArchive(dataDir: string, corpusId: string): void {
  rmSync(resolve(dataDir, "corpora", corpusId), { recursive: true, force: true });
}
