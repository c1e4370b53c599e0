import { splitCaseNo } from "../text/case-number";

/**
 * Retrieval metrics as docs/method.md §6 defines them. A ranked list is a list of chunks' case numbers;
 * gold is a list of case numbers. Case numbers compare with whitespace removed, and a joined number
 * ("94므826, 833") matches each of its parts.
 */

export interface Ranked {
  caseNo: string;
}

function goldSet(gold: string[]): Set<string> {
  return new Set(gold.flatMap(splitCaseNo));
}

function isGold(caseNo: string, gold: Set<string>): boolean {
  return splitCaseNo(caseNo).some((p) => gold.has(p));
}

/** The paper's Recall@k: 1 when any of the top k chunks belongs to a gold case. */
export function recallAtK(ranked: Ranked[], gold: string[], k: number): number {
  const set = goldSet(gold);
  return ranked.slice(0, k).some((r) => isGold(r.caseNo, set)) ? 1 : 0;
}

const discount = (rank: number) => 1 / Math.log2(rank + 2);

/** Number of distinct gold cases (a joined gold number is one case). */
function goldCaseCount(gold: string[]): number {
  return new Set(gold.map((g) => g.replace(/\s+/g, ""))).size;
}

/**
 * Case-level NDCG@k (headline metric): the top k chunks mapped to their cases, each case kept at its
 * first appearance; gain 1 per gold case at its position in that de-duplicated list; ideal =
 * min(k, number of gold cases) gold cases at the top.
 */
export function caseNdcgAtK(ranked: Ranked[], gold: string[], k: number): number {
  const set = goldSet(gold);
  const seen = new Set<string>();
  const cases: string[] = [];
  for (const r of ranked.slice(0, k)) {
    const key = r.caseNo.replace(/\s+/g, "");
    if (!seen.has(key)) {
      seen.add(key);
      cases.push(r.caseNo);
    }
  }
  const credited = new Set<string>();
  let dcg = 0;
  cases.forEach((caseNo, rank) => {
    const parts = splitCaseNo(caseNo).filter((p) => set.has(p) && !credited.has(p));
    if (parts.length > 0) {
      for (const p of splitCaseNo(caseNo)) credited.add(p);
      dcg += discount(rank);
    }
  });
  const ideal = Math.min(k, goldCaseCount(gold));
  let idcg = 0;
  for (let i = 0; i < ideal; i++) idcg += discount(i);
  return idcg > 0 ? dcg / idcg : 0;
}

/**
 * Chunk-level NDCG@k (for comparison with the paper): every chunk of a gold case has gain 1 at its
 * own rank; ideal = min(k, number of gold cases) relevant chunks at the top (the paper's binary
 * relevance with one relevant item per gold case).
 */
export function chunkNdcgAtK(ranked: Ranked[], gold: string[], k: number): number {
  const set = goldSet(gold);
  let dcg = 0;
  ranked.slice(0, k).forEach((r, rank) => {
    if (isGold(r.caseNo, set)) dcg += discount(rank);
  });
  const ideal = Math.min(k, goldCaseCount(gold));
  let idcg = 0;
  for (let i = 0; i < ideal; i++) idcg += discount(i);
  return idcg > 0 ? Math.min(1, dcg / idcg) : 0;
}

/** Reciprocal rank of the first chunk of a gold case (0 when none is ranked). */
export function reciprocalRank(ranked: Ranked[], gold: string[]): number {
  const set = goldSet(gold);
  const index = ranked.findIndex((r) => isGold(r.caseNo, set));
  return index < 0 ? 0 : 1 / (index + 1);
}

export function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

/** Accuracy and F1 of the "yes" class; an unreadable prediction (null) counts as wrong. */
export function yesNoScores(pairs: { label: "yes" | "no"; predicted: "yes" | "no" | null }[]): {
  accuracy: number;
  f1Yes: number;
} {
  if (pairs.length === 0) return { accuracy: 0, f1Yes: 0 };
  let correct = 0;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const { label, predicted } of pairs) {
    if (predicted === label) correct += 1;
    if (predicted === "yes" && label === "yes") tp += 1;
    if (predicted === "yes" && label === "no") fp += 1;
    if (predicted !== "yes" && label === "yes") fn += 1;
  }
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return {
    accuracy: correct / pairs.length,
    f1Yes: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
  };
}

/** 1-based rank of the first chunk of each gold case in a ranked list (null when absent). */
export function goldRanks(ranked: Ranked[], gold: string[]): { caseNo: string; rank: number | null }[] {
  return gold.map((caseNo) => {
    const parts = new Set(splitCaseNo(caseNo));
    const index = ranked.findIndex((r) => splitCaseNo(r.caseNo).some((p) => parts.has(p)));
    return { caseNo, rank: index < 0 ? null : index + 1 };
  });
}
