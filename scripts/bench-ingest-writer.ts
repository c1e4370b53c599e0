// The ingest CLI's part of bench:ingest, in its own process as in production: replicas of the
// decisions in --dir, written into the embedded store at <storeDir> until --chunks are written
// (a new case number per pass makes every replica a distinct decision). Progress on stderr; at the
// end one JSON line on stdout, as soon as the last write is committed: { chunks, seconds }. The server's process (bench-ingest.ts) never
// holds the writer's batches, so its memory figures are the server's own.
//   tsx scripts/bench-ingest-writer.ts <storeDir> --dir D --chunks N --corpus C --tag T [--dense N --vectors K]
import { readFileSync } from "node:fs";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { EmbeddedStore } from "../lib/store/embedded-store";
import type { IndexedChunk } from "../lib/store/types";
import { tokenizeKo } from "../lib/text/tokenize-ko";
import { type VectorKind, vectorSource } from "./ann-vectors";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const storeDir = process.argv[2] as string;
const target = Number(arg("--chunks", "120000"));
const corpusId = arg("--corpus", "bench");
const tag = arg("--tag", "");
const denseDims = Number(arg("--dense", "0"));
const source = vectorSource(arg("--vectors", "text") as VectorKind, denseDims || 1);
const vectorOf = (text: string) => (denseDims ? Array.from(source.chunk(text)) : undefined);
const files = listInputFiles(arg("--dir", "../shared/data/precedents")).map((f) => ({
  name: f.name,
  bytes: readFileSync(f.path),
}));

const cli = new EmbeddedStore(storeDir);
const started = performance.now();
let chunks = 0;
let batch: IndexedChunk[] = [];
const flush = async () => {
  await cli.upsert(batch);
  chunks += batch.length;
  batch = [];
};
outer: for (let pass = 0; ; pass++) {
  for (const file of files) {
    for (const decision of parseFile(file.name, file.bytes).decisions) {
      const replica = { ...decision, meta: { ...decision.meta, caseNo: `${decision.meta.caseNo}~${tag}${pass}` } };
      for (const chunk of chunkDecision(replica, { corpusId })) {
        batch.push({ chunk, tokens: tokenizeKo(chunk.text), vector: vectorOf(chunk.text) });
      }
      if (chunks + batch.length >= target) break outer;
    }
    if (batch.length >= 2000) await flush();
  }
  process.stderr.write(
    `\r  pass ${pass + 1}: ${chunks} chunks, ${(chunks / ((performance.now() - started) / 1000)).toFixed(0)} chunks/s   `,
  );
}
await flush();
const seconds = (performance.now() - started) / 1000;
process.stderr.write("\n");
process.stdout.write(`${JSON.stringify({ chunks, seconds })}\n`);
await cli.close();
