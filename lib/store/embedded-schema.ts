import type { Chunk, SectionName } from "../text/decision";

/** The embedded store's SQLite table (the source of truth) and its row mapping. */

export interface Row {
  id: string;
  corpus_id: string;
  case_no: string;
  case_name: string;
  court: string;
  court_level: string;
  case_type: string;
  decision_date: string;
  section: string;
  section_order: number;
  text: string;
  content_hash: string;
}

// Every write transaction, from any process, appends to `changes` in the same transaction: a chunk
// id whose row was written or deleted ('chunk'), or a corpus deleted whole ('corpus'). An index
// reader applies the changes after its cursor (change-log.ts). `store_meta.pruned_through`: changes
// up to it were pruned (a snapshot reflects them); `store_id` tells a snapshot which store it
// belongs to. Stores created before the log get the table on open; their old snapshot format is
// ignored, so the first load rebuilds once. The partial index lets a reopen read the vectors without
// walking past every sparse-only row's text.
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS chunks (
  id TEXT PRIMARY KEY, corpus_id TEXT NOT NULL, case_no TEXT NOT NULL, case_name TEXT NOT NULL,
  court TEXT NOT NULL, court_level TEXT NOT NULL, case_type TEXT NOT NULL, decision_date TEXT NOT NULL,
  section TEXT NOT NULL, section_order INTEGER NOT NULL, text TEXT NOT NULL, content_hash TEXT NOT NULL,
  tokens TEXT NOT NULL, vector BLOB, en_banc INTEGER, lower_court TEXT
);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks (corpus_id, case_no);
CREATE INDEX IF NOT EXISTS chunks_with_vector ON chunks (id) WHERE vector IS NOT NULL;
CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL CHECK (op IN ('chunk', 'corpus')), key TEXT NOT NULL
);
INSERT OR IGNORE INTO store_meta VALUES ('pruned_through', 0);
INSERT OR IGNORE INTO store_meta VALUES ('store_id', abs(random() % 9007199254740991));`;

/**
 * Columns added after stores were first made: the decision's 전원합의체 and 원심 (판례 검색 filters and
 * counts on them in the index). A store made before gets them empty (NULL: not read; re-indexing the
 * corpus fills them).
 */
export function addLaterColumns(db: { prepare(sql: string): { all(): unknown[] }; exec(sql: string): unknown }): void {
  const have = new Set((db.prepare("PRAGMA table_info(chunks)").all() as { name: string }[]).map((c) => c.name));
  if (!have.has("en_banc")) db.exec("ALTER TABLE chunks ADD COLUMN en_banc INTEGER");
  if (!have.has("lower_court")) db.exec("ALTER TABLE chunks ADD COLUMN lower_court TEXT");
}

/** The columns of a Row (not the tokens and vector, which only the index reads). */
export const ROW_COLUMNS =
  "id, corpus_id, case_no, case_name, court, court_level, case_type, decision_date, section, section_order, text, content_hash";

export const toChunk = (r: Row): Chunk => ({
  id: r.id,
  corpusId: r.corpus_id,
  caseNo: r.case_no,
  caseName: r.case_name,
  court: r.court,
  courtLevel: r.court_level,
  caseType: r.case_type,
  decisionDate: r.decision_date,
  section: r.section as SectionName,
  sectionOrder: r.section_order,
  text: r.text,
  contentHash: r.content_hash,
});

export function normalized(vector: number[] | Float32Array): Float32Array {
  const v = Float32Array.from(vector);
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  return v;
}

/**
 * A BLOB read from SQLite is its own buffer: viewed in place rather than copied (at 120k × 1,024
 * dimensions a copy is 0.5 GB of garbage per load); a view into a larger or misaligned buffer is copied.
 */
export const floats = (blob: Buffer): Float32Array =>
  blob.byteOffset % 4 === 0 && blob.buffer.byteLength === blob.byteLength
    ? new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4)
    : new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
