import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { chunkDecision } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import type { VectorStore } from "@/lib/store/types";
import { tokenizeKo } from "@/lib/text/tokenize-ko";

/** Our own fixture decisions (tests/fixtures/decisions) into a store, sparse-only, as corpus `corpusId`. */
export async function seedFixtureDecisions(store: VectorStore, corpusId = "c"): Promise<void> {
  for (const file of listInputFiles(resolve("tests/fixtures/decisions"))) {
    for (const d of parseFile(file.name, readFileSync(file.path)).decisions) {
      await store.upsert(chunkDecision(d, { corpusId }).map((chunk) => ({ chunk, tokens: tokenizeKo(chunk.text) })));
    }
  }
}
