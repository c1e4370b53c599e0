import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { AppError } from "../errors";
import { type Chunk, type ScoredChunk, SECTIONS, type SectionName } from "../ingest/types";
import { SparseIndex } from "./sparse-index";
import type { IndexedChunk, SearchOptions, StoreFilter, VectorStore } from "./types";

/**
 * The default store: chunks on local disk in SQLite (the source of truth: survives restarts), and
 * in memory an exact BM25 inverted index plus the dense vectors, rebuilt from disk on open.
 * Measured at 120k chunks (npm run bench:ingest) against LanceDB's full-text index: exact BM25 over
 * our own tokens, faster queries, no re-tokenization surprises (see the issue note for figures).
 * One writer: the Next.js server process (the CLI should not run while the server ingests).
 */

interface SlotMeta {
  id: string;
  corpusId: string;
  caseNo: string;
  caseType: string;
  court: string;
  decisionDate: string;
}

interface Row {
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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS chunks (
  id TEXT PRIMARY KEY, corpus_id TEXT NOT NULL, case_no TEXT NOT NULL, case_name TEXT NOT NULL,
  court TEXT NOT NULL, court_level TEXT NOT NULL, case_type TEXT NOT NULL, decision_date TEXT NOT NULL,
  section TEXT NOT NULL, section_order INTEGER NOT NULL, text TEXT NOT NULL, content_hash TEXT NOT NULL,
  tokens TEXT NOT NULL, vector BLOB
);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks (corpus_id, case_no);`;

const toChunk = (r: Row): Chunk => ({
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

function normalized(vector: number[] | Float32Array): Float32Array {
  const v = Float32Array.from(vector);
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  return v;
}

export class EmbeddedStore implements VectorStore {
  readonly kind = "embedded" as const;
  private readonly db: Database.Database;
  private sparse = new SparseIndex();
  private metas: (SlotMeta | undefined)[] = [];
  private vectors: (Float32Array | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private groupOf = new Map<string, number>();
  /** SQLite's data_version: changes when another connection (the ingest CLI) commits. */
  private version = 0;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    try {
      this.db = new Database(join(dir, "chunks.db"));
    } catch (cause) {
      throw new AppError("store:unavailable", { cause, detail: dir });
    }
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.db.exec(SCHEMA);
    this.load();
  }

  /** Reloads the in-memory index when another process wrote to the store since we last looked. */
  private fresh(): void {
    const version = this.db.pragma("data_version", { simple: true }) as number;
    if (version === this.version) return;
    this.sparse = new SparseIndex();
    this.metas = [];
    this.vectors = [];
    this.slotOf = new Map();
    this.groupOf = new Map();
    this.load();
  }

  private load(): void {
    this.version = this.db.pragma("data_version", { simple: true }) as number;
    const rows = this.db
      .prepare("SELECT id, corpus_id, case_no, case_type, court, decision_date, tokens, vector FROM chunks")
      .raw()
      .iterate() as IterableIterator<[string, string, string, string, string, string, string, Buffer | null]>;
    for (const [id, corpusId, caseNo, caseType, court, decisionDate, tokens, vector] of rows) {
      const floats = vector
        ? new Float32Array(vector.buffer.slice(vector.byteOffset, vector.byteOffset + vector.byteLength))
        : undefined;
      this.place({ id, corpusId, caseNo, caseType, court, decisionDate }, tokens ? tokens.split(" ") : [], floats);
    }
  }

  private group(corpusId: string): number {
    let g = this.groupOf.get(corpusId);
    if (g === undefined) {
      g = this.groupOf.size;
      this.groupOf.set(corpusId, g);
    }
    return g;
  }

  private place(meta: SlotMeta, tokens: string[], vector: Float32Array | undefined): void {
    const old = this.slotOf.get(meta.id);
    if (old !== undefined) this.unplace(old);
    const slot = this.metas.length;
    this.metas.push(meta);
    this.vectors.push(vector);
    this.slotOf.set(meta.id, slot);
    this.sparse.add(slot, this.group(meta.corpusId), tokens);
  }

  private unplace(slot: number): void {
    const meta = this.metas[slot];
    if (!meta) return;
    this.sparse.remove(slot);
    this.metas[slot] = undefined;
    this.vectors[slot] = undefined;
    if (this.slotOf.get(meta.id) === slot) this.slotOf.delete(meta.id);
  }

  async upsert(items: IndexedChunk[]): Promise<void> {
    this.fresh();
    const insert = this.db.prepare(
      `INSERT OR REPLACE INTO chunks VALUES (@id, @corpusId, @caseNo, @caseName, @court, @courtLevel, @caseType,
       @decisionDate, @section, @sectionOrder, @text, @contentHash, @tokens, @vector)`,
    );
    const prepared = items.map((item) => ({ item, vector: item.vector?.length ? normalized(item.vector) : undefined }));
    this.db.transaction(() => {
      for (const { item, vector } of prepared) {
        insert.run({
          ...item.chunk,
          tokens: item.tokens.join(" "),
          vector: vector ? Buffer.from(vector.buffer) : null,
        });
      }
    })();
    for (const { item, vector } of prepared) {
      const c = item.chunk;
      this.place(
        {
          id: c.id,
          corpusId: c.corpusId,
          caseNo: c.caseNo,
          caseType: c.caseType,
          court: c.court,
          decisionDate: c.decisionDate,
        },
        item.tokens,
        vector,
      );
    }
  }

  /** Groups (corpora) to search, and a predicate for the other filters. */
  private scope(filter: StoreFilter = {}): { groups: Set<number>; allowed: (slot: number) => boolean } {
    const corpora = filter.corpusIds ?? [...this.groupOf.keys()];
    const groups = new Set(corpora.flatMap((c) => (this.groupOf.has(c) ? [this.groupOf.get(c) as number] : [])));
    const caseTypes = filter.caseTypes?.length ? new Set(filter.caseTypes) : undefined;
    const courts = filter.courts?.length ? new Set(filter.courts) : undefined;
    const corpusSet = new Set(corpora);
    const allowed = (slot: number) => {
      const m = this.metas[slot];
      if (!m || !corpusSet.has(m.corpusId)) return false;
      if (caseTypes && !caseTypes.has(m.caseType)) return false;
      if (courts && !courts.has(m.court)) return false;
      if (filter.dateFrom && m.decisionDate < filter.dateFrom) return false;
      if (filter.dateTo && m.decisionDate > filter.dateTo) return false;
      return true;
    };
    return { groups, allowed };
  }

  private fetch(hits: { slot: number; score: number }[]): ScoredChunk[] {
    if (hits.length === 0) return [];
    const ids = hits.map((h) => this.metas[h.slot]?.id as string);
    const rows = this.db
      .prepare(`SELECT * FROM chunks WHERE id IN (${ids.map(() => "?").join(",")})`)
      .all(...ids) as Row[];
    const byId = new Map(rows.map((r) => [r.id, toChunk(r)]));
    return hits.flatMap((h, i) => {
      const chunk = byId.get(ids[i] as string);
      return chunk ? [{ chunk, score: h.score }] : [];
    });
  }

  async sparseSearch(tokens: string[], options: SearchOptions): Promise<ScoredChunk[]> {
    this.fresh();
    const { groups, allowed } = this.scope(options.filter);
    return this.fetch(this.sparse.search(tokens, options.topN, groups, allowed));
  }

  async denseSearch(vector: number[], options: SearchOptions): Promise<ScoredChunk[]> {
    this.fresh();
    const query = normalized(vector);
    const { allowed } = this.scope(options.filter);
    const hits: { slot: number; score: number }[] = [];
    for (let slot = 0; slot < this.vectors.length; slot++) {
      const v = this.vectors[slot];
      // Vectors of another size come from another embedding model: not comparable, skipped.
      if (!v || v.length !== query.length || !allowed(slot)) continue;
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += (v[i] as number) * (query[i] as number);
      hits.push({ slot, score: dot });
    }
    hits.sort((a, b) => b.score - a.score || a.slot - b.slot);
    return this.fetch(hits.slice(0, options.topN));
  }

  async getDocumentChunks(corpusId: string, caseNo: string): Promise<Chunk[]> {
    const rows = this.db
      .prepare("SELECT * FROM chunks WHERE corpus_id = ? AND case_no = ?")
      .all(corpusId, caseNo) as Row[];
    const order = (s: string) => SECTIONS.indexOf(s as SectionName);
    return rows.map(toChunk).sort((a, b) => order(a.section) - order(b.section) || a.sectionOrder - b.sectionOrder);
  }

  private deleteWhere(where: string, ...params: string[]): void {
    this.fresh();
    const ids = this.db
      .prepare(`SELECT id FROM chunks WHERE ${where}`)
      .pluck()
      .all(...params) as string[];
    this.db.prepare(`DELETE FROM chunks WHERE ${where}`).run(...params);
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) this.unplace(slot);
    }
  }

  async deleteDocument(corpusId: string, caseNo: string): Promise<void> {
    this.deleteWhere("corpus_id = ? AND case_no = ?", corpusId, caseNo);
  }

  async deleteCorpus(corpusId: string): Promise<void> {
    this.deleteWhere("corpus_id = ?", corpusId);
  }

  async count(filter?: StoreFilter): Promise<number> {
    this.fresh();
    const { allowed } = this.scope(filter);
    let n = 0;
    for (let slot = 0; slot < this.metas.length; slot++) if (allowed(slot)) n += 1;
    return n;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
