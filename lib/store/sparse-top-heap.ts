/** A min-heap of (score, slot): the root is the weakest kept (lowest score, then highest slot). */
export class TopHeap {
  readonly scores: number[] = [];
  readonly slots: number[] = [];
  constructor(readonly size: number) {}

  private weaker(i: number, j: number): boolean {
    const a = this.scores[i] as number;
    const b = this.scores[j] as number;
    return a < b || (a === b && (this.slots[i] as number) > (this.slots[j] as number));
  }

  private swap(i: number, j: number): void {
    [this.scores[i], this.scores[j]] = [this.scores[j] as number, this.scores[i] as number];
    [this.slots[i], this.slots[j]] = [this.slots[j] as number, this.slots[i] as number];
  }

  get full(): boolean {
    return this.scores.length >= this.size;
  }

  /** The k-th score once full (a chunk must beat it to enter), else −∞. */
  get threshold(): number {
    return this.full ? (this.scores[0] as number) : Number.NEGATIVE_INFINITY;
  }

  push(score: number, slot: number): void {
    if (!this.full) {
      this.scores.push(score);
      this.slots.push(slot);
      let i = this.scores.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.weaker(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    this.scores[0] = score;
    this.slots[0] = slot;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let weakest = i;
      if (l < this.scores.length && this.weaker(l, weakest)) weakest = l;
      if (r < this.scores.length && this.weaker(r, weakest)) weakest = r;
      if (weakest === i) return;
      this.swap(i, weakest);
      i = weakest;
    }
  }

  sorted(): { slot: number; score: number }[] {
    return this.slots
      .map((slot, i) => ({ slot, score: this.scores[i] as number }))
      .sort((a, b) => b.score - a.score || a.slot - b.slot);
  }
}

/** First index ≥ from in slots[0..length) whose slot is ≥ target (galloping, then binary search). */
export function seek(slots: Int32Array, length: number, from: number, target: number): number {
  if (from >= length || (slots[from] as number) >= target) return from;
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < length && (slots[hi] as number) < target) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  if (hi > length) hi = length;
  // slots[lo] < target; find the first ≥ target in (lo, hi].
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if ((slots[mid] as number) < target) lo = mid;
    else hi = mid;
  }
  return hi;
}
