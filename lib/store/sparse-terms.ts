import type { SparseTerms } from "./types";

/**
 * The boolean part of a sparse query (SparseTerms: must / mustNot groups) checked against posting
 * lists. The pruned search offers chunks in ascending slot order: each list keeps a cursor that
 * then only moves forward, so a check costs a galloping step, not a scan.
 */

interface List {
  slots: Int32Array;
  length: number;
}

class Cursor {
  private at = 0;
  private last = -1;
  constructor(private readonly list: List) {}

  /** True when the list holds `slot`; fastest when the slots asked do not decrease. */
  has(slot: number): boolean {
    const { slots, length } = this.list;
    if (slot < this.last) this.at = 0;
    this.last = slot;
    let at = this.at;
    let step = 1;
    while (at < length && (slots[at] as number) < slot) {
      const next = at + step;
      if (next < length && (slots[next] as number) < slot) {
        at = next;
        step *= 2;
      } else {
        at += 1;
        step = 1;
      }
    }
    this.at = at;
    return at < length && slots[at] === slot;
  }
}

/**
 * A predicate on slots (fastest in ascending order); `undefined` when no chunk can pass (a required
 * token occurs nowhere), `null` when there is nothing to check.
 */
export function termGroupCheck(
  terms: SparseTerms | undefined,
  listOf: (token: string) => List | undefined,
): ((slot: number) => boolean) | null | undefined {
  const must = (terms?.must ?? []).filter((g) => g.length > 0);
  const mustNot = (terms?.mustNot ?? []).filter((g) => g.length > 0);
  if (must.length === 0 && mustNot.length === 0) return null;
  const required: Cursor[] = [];
  for (const token of new Set(must.flat())) {
    const list = listOf(token);
    if (!list) return undefined;
    required.push(new Cursor(list));
  }
  // A group with a token found nowhere can never exclude a chunk.
  const excluded: Cursor[][] = [];
  for (const group of mustNot) {
    const lists = [...new Set(group)].map(listOf);
    if (lists.every((l) => l !== undefined)) excluded.push(lists.map((l) => new Cursor(l as List)));
  }
  return (slot) => {
    for (const c of required) if (!c.has(slot)) return false;
    // Every cursor of a group is asked (no short cut), so that all of them keep moving forward.
    for (const group of excluded) {
      let all = true;
      for (const c of group) if (!c.has(slot)) all = false;
      if (all) return false;
    }
    return true;
  };
}

/** The same check on a chunk's token set (stores without posting lists: Qdrant's post-filter). */
export function matchesTermGroups(tokens: Set<string>, terms: SparseTerms | undefined): boolean {
  for (const group of terms?.must ?? []) if (!group.every((t) => tokens.has(t))) return false;
  for (const group of terms?.mustNot ?? []) if (group.length > 0 && group.every((t) => tokens.has(t))) return false;
  return true;
}
