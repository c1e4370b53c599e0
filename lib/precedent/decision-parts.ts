import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { cutRecord, type DecisionCut, sectionsReader, type TextReader, viewedSections } from "./decision-cut";
import { pageAt } from "./pages";
import { findInPartFiles } from "./parts-find";

/**
 * A large archived decision kept again already cut into the viewer's parts, beside the archive:
 * `corpora/<id>/parts/<the archive's name>/` holds `index.json` (the cut: sections, part starts,
 * table-of-contents headings, references) and one text file per part. Written when the decision
 * is imported (lib/ingest/run-job.ts) and, for decisions imported before, by the viewer's worker
 * on the first open. The index records the archive's size and modification time: an archive
 * written again (a re-import) no longer matches, and is read whole and cut again.
 *
 * Why: parsing a 60 MB archive (JSON) to show one 80,000-character part took ~1.2 s on every first
 * open; the index and one part are read in milliseconds.
 */

/** Smaller archives are read whole (a few milliseconds) and are not stored twice. */
export const CUT_MIN_BYTES = 1_048_576;
const FORMAT = 1;

export interface StoredCut extends DecisionCut {
  format: number;
  /** The archive this was cut from, as `stat` saw it. */
  source: { size: number; mtimeMs: number };
  /** Names this cut's part files (`<cutId>-<part>.txt`), so a newer cut never mixes with it. */
  cutId: string;
}

export interface SourceInfo {
  size: number;
  mtimeMs: number;
}

export function partsDir(archiveFile: string): string {
  return join(dirname(dirname(archiveFile)), "parts", basename(archiveFile, ".json"));
}

const partFile = (dir: string, cutId: string, part: number) => join(dir, `${cutId}-${part}.txt`);

/**
 * Stores the decision `record`, just written to `archiveFile` (`source`: its stat then), in parts.
 * Asynchronous file writes, one part at a time: the caller's event loop stays free. Returns
 * whether it stored anything (a small decision is not).
 */
export async function storeParts(
  archiveFile: string,
  record: Record<string, string>,
  source?: SourceInfo,
  cut: DecisionCut = cutRecord(record),
  chunks: { id: string; section: string; text: string }[] = [],
): Promise<boolean> {
  const info = source ?? (await stat(archiveFile));
  const dir = partsDir(archiveFile);
  if (info.size < CUT_MIN_BYTES) {
    await rm(dir, { recursive: true, force: true });
    return false;
  }
  await mkdir(dir, { recursive: true });
  const cutId = randomBytes(6).toString("hex");
  const read = sectionsReader(viewedSections(record));
  const bounds = [...cut.starts, cut.total];
  for (let i = 0; i + 1 < bounds.length; i++) {
    await writeFile(partFile(dir, cutId, i + 1), read(bounds[i] ?? 0, bounds[i + 1] ?? 0));
  }
  const chunkAt = chunkOffsets(record, chunks);
  const stored: StoredCut = {
    format: FORMAT,
    source: { size: info.size, mtimeMs: info.mtimeMs },
    cutId,
    ...cut,
    ...(chunks.length > 0 ? { chunkAt } : {}),
  };
  const pending = join(dir, `index-${cutId}.tmp`);
  await writeFile(pending, JSON.stringify(stored));
  await rename(pending, join(dir, "index.json"));
  // An earlier cut's parts: a reader still on its index fails to find them and reads the archive.
  for (const name of await readdir(dir)) {
    if (name !== "index.json" && !name.startsWith(`${cutId}-`)) await rm(join(dir, name), { force: true });
  }
  return true;
}

/**
 * Each chunk's offset in its section. Chunks come in order within a section (they may overlap),
 * so each is searched from just after the previous one's start: one pass over the text.
 */
export function chunkOffsets(
  record: Record<string, string>,
  chunks: { id: string; section: string; text: string }[],
): Record<string, number> {
  const out: Record<string, number> = {};
  const cursor = new Map<string, number>();
  let misses = 0;
  for (const chunk of chunks) {
    const text = record[chunk.section];
    if (!text || !chunk.text) continue;
    const at = text.indexOf(chunk.text, cursor.get(chunk.section) ?? 0);
    // A miss scans to the section's end: text chunked differently stops the map early (the viewer searches).
    if (at < 0 && ++misses > 8) break;
    if (at < 0) continue;
    out[chunk.id] = at;
    cursor.set(chunk.section, at + 1);
  }
  return out;
}

/** The stored cut of the archive as it is now (`source`), or null: none, or cut from another version. */
export async function readStoredCut(archiveFile: string, source: SourceInfo): Promise<StoredCut | null> {
  if (source.size < CUT_MIN_BYTES) return null;
  let stored: StoredCut;
  try {
    stored = JSON.parse(await readFile(join(partsDir(archiveFile), "index.json"), "utf8")) as StoredCut;
  } catch {
    return null;
  }
  const same = stored.source?.size === source.size && stored.source?.mtimeMs === source.mtimeMs;
  return stored.format === FORMAT && same ? stored : null;
}

/**
 * Adds offsets the viewer found by searching (a decision cut without them: imported before the
 * map existed, or cut on its first open) to the stored cut, so the next open of those passages
 * reads one part. Nothing is written when the stored cut is not of this archive version.
 */
export async function rememberOffsets(
  archiveFile: string,
  source: SourceInfo,
  offsets: Map<string, number>,
): Promise<boolean> {
  const stored = await readStoredCut(archiveFile, source);
  if (!stored || offsets.size === 0) return false;
  const chunkAt = { ...stored.chunkAt };
  let added = 0;
  for (const [id, at] of offsets) {
    if (chunkAt[id] === at) continue;
    chunkAt[id] = at;
    added++;
  }
  if (added === 0) return false;
  const dir = partsDir(archiveFile);
  const pending = join(dir, `index-${stored.cutId}-${randomBytes(4).toString("hex")}.tmp`);
  await writeFile(pending, JSON.stringify({ ...stored, chunkAt } satisfies StoredCut));
  await rename(pending, join(dir, "index.json"));
  return true;
}

/**
 * The whole text of every section, read from the stored parts (tens of milliseconds for 60 MB,
 * where parsing the archive takes over a second): what find-in-decision and "download the whole
 * text" need. Asynchronous reads, part by part.
 */
export async function readAllParts(archiveFile: string, stored: StoredCut): Promise<{ name: string; text: string }[]> {
  const dir = partsDir(archiveFile);
  const pieces: string[] = [];
  for (let part = 1; part <= stored.starts.length; part++)
    pieces.push(await readFile(partFile(dir, stored.cutId, part), "utf8"));
  const all = pieces.join("");
  if (all.length !== stored.total) throw new Error(`parts hold ${all.length} characters, the cut says ${stored.total}`);
  return stored.sections.map((s) => ({ name: s.name, text: all.slice(s.at, s.at + s.length) }));
}

/**
 * A reader of the stored parts' text. Synchronous reads: it runs in the viewer's worker thread,
 * and a part is ~240 KB. `cache`: recently read parts (by file), shared across requests.
 */
export function partsReader(archiveFile: string, stored: StoredCut, cache: Map<string, string>): TextReader {
  const dir = partsDir(archiveFile);
  const { starts, total } = stored;
  const read: TextReader = (from, to) => {
    let out = "";
    for (let part = pageAt(starts, from); part <= starts.length; part++) {
      const partFrom = starts[part - 1] ?? 0;
      if (partFrom >= to) break;
      const file = partFile(dir, stored.cutId, part);
      let text = cache.get(file);
      if (text === undefined) text = readFileSync(file, "utf8");
      cache.delete(file);
      cache.set(file, text);
      out += text.slice(Math.max(from, partFrom) - partFrom, Math.min(to, starts[part] ?? total) - partFrom);
    }
    for (const key of cache.keys()) {
      if (cache.size <= PART_CACHE) break;
      cache.delete(key);
    }
    return out;
  };
  // Checked against the text: a part rewritten under the reader falls back to reading piece by piece.
  read.find = (needle, from, to) => {
    const at = findInPartFiles((part) => partFile(dir, stored.cutId, part), starts, total, needle, from, to);
    return at < 0 || read(at, at + needle.length) === needle ? at : -1;
  };
  return read;
}

/** Parts kept read (~240 KB each): a lawyer paging back and forth, a passage's neighbourhood. */
const PART_CACHE = 64;
