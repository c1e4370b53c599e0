import { chunkId } from "../../lib/ingest/chunk";
import type { IndexedChunk } from "../../lib/store/types";
import type { Chunk } from "../../lib/text/decision";

/** Synthetic chunks for the store tests, also written by store-probe.ts in another process. */

const WORDS = [
  "손해배상",
  "소멸시효",
  "임대차",
  "보증금",
  "명의신탁",
  "부당이득",
  "불법행위",
  "채무불이행",
  "상속",
  "이혼",
];

const pools = new Map<number, number[][]>();
/** A seeded pseudo-random vector per chunk, cheap to make by the thousand (a pool, nudged). */
export function vectorFor(n: number, dims: number): number[] {
  let pool = pools.get(dims);
  if (!pool) {
    let seed = 42;
    pool = Array.from({ length: 64 }, () =>
      Array.from({ length: dims }, () => {
        seed = (seed * 16_807) % 2_147_483_647;
        return seed / 2_147_483_647 - 0.5;
      }),
    );
    pools.set(dims, pool);
  }
  const vector = (pool[n % pool.length] as number[]).slice();
  vector[n % dims] = (vector[n % dims] as number) + 1;
  return vector;
}

/** A chunk with synthetic tokens (and a seeded vector when `dims`): cheap to make by the thousand. */
export function synthetic(corpusId: string, n: number, dims = 0, variant = 0): IndexedChunk {
  const caseNo = `2020다${Math.floor(n / 4)}`;
  const chunk: Chunk = {
    id: chunkId(corpusId, caseNo, "판례내용", n % 4),
    corpusId,
    caseNo,
    caseName: "사건",
    court: "대법원",
    courtLevel: "대법원",
    caseType: n % 3 === 0 ? "가사" : "민사",
    decisionDate: `20${10 + (n % 10)}-01-01`,
    section: "판례내용",
    sectionOrder: n % 4,
    text: `문단 ${n}`,
    contentHash: `h${n}-${variant}`,
  };
  const tokens = Array.from(
    { length: 8 + (n % 5) },
    (_, i) => WORDS[(n * 7 + i * 3 + variant) % WORDS.length] as string,
  );
  const vector = dims ? vectorFor(n, dims) : undefined;
  return { chunk, tokens, vector };
}
