// Run by index-worker.test.ts as its own process, with tsx:
//   node --import tsx tests/store/store-probe.ts exit <dir> close|no-close
//     searches, then closes the store or not: does the index worker let the process exit?
//   node --import tsx tests/store/store-probe.ts write <dir> <corpus> <from> <to> <dims>
//     the ingest CLI's part: writes synthetic chunks from..to-1 in batches, never searches.
import { EmbeddedStore } from "../../lib/store/embedded-store";
import { synthetic } from "./synthetic";

const [mode, dir, ...rest] = process.argv.slice(2);
const store = new EmbeddedStore(dir as string);
if (mode === "exit") {
  await store.upsert([0, 1, 2].map((n) => synthetic("probe", n, 3)));
  const hits = await store.sparseSearch(["손해배상", "소멸시효", "임대차"], { topN: 10 });
  await store.denseSearch([1, 0, 0], { topN: 10 });
  console.log(`searched ${hits.length}`);
  if (rest[0] === "close") await store.close();
} else {
  const [corpus, from, to, dims] = [rest[0] as string, Number(rest[1]), Number(rest[2]), Number(rest[3])];
  for (let at = from; at < to; at += 2_000) {
    const end = Math.min(to, at + 2_000);
    await store.upsert(Array.from({ length: end - at }, (_, i) => synthetic(corpus, at + i, dims)));
  }
  await store.close();
  console.log(`wrote ${to - from}`);
}
