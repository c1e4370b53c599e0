import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { upsertDocument } from "@/lib/db/corpora";
import { replaceStatuteRefs } from "@/lib/db/statutes";
import { filesDir } from "@/lib/env";
import { chunkDecision } from "@/lib/ingest/chunk";
import { saveDecision } from "@/lib/ingest/decision-archive";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import { decisionStatuteRefs } from "@/lib/statutes/decision-refs";
import type { VectorStore } from "@/lib/store/types";
import { tokenizeKo } from "@/lib/text/tokenize-ko";

/** What else an import would have written, for the tests that read it (search rows, the viewer, 참조조문). */
export interface SeedOptions {
  /** Each decision's Document row (the search page's and the API's rows). */
  documents?: boolean;
  /** Each decision archived under FILES_DIR (the viewer and get_decision read it). */
  archive?: boolean;
  /** Each decision's 참조조문 links. */
  statuteRefs?: boolean;
}

/** Our own fixture decisions (tests/fixtures/decisions) into a store, sparse-only, as corpus `corpusId`. */
export async function seedFixtureDecisions(
  store: VectorStore,
  corpusId = "c",
  options: SeedOptions = {},
): Promise<void> {
  for (const file of listInputFiles(resolve("tests/fixtures/decisions"))) {
    for (const d of parseFile(file.name, readFileSync(file.path)).decisions) {
      const chunks = chunkDecision(d, { corpusId });
      await store.upsert(chunks.map((chunk) => ({ chunk, tokens: tokenizeKo(chunk.text) })));
      if (options.documents) await upsertDocument({ ...d.meta, corpusId, contentHash: "h", chunkCount: chunks.length });
      if (options.archive) saveDecision(filesDir(), corpusId, d);
      if (options.statuteRefs)
        await replaceStatuteRefs(corpusId, [{ caseNo: d.meta.caseNo, refs: decisionStatuteRefs(d) }]);
    }
  }
}
