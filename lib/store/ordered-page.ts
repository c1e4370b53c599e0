/**
 * The first `k` of `items` in the order `cmp`, without sorting them all when `k` is small: a page of
 * 20 out of 100,000 matched decisions keeps a heap of 20 (n log k) instead of sorting every one.
 */
export function firstInOrder(items: Int32Array, k: number, cmp: (a: number, b: number) => number): number[] {
  const n = items.length;
  if (k <= 0 || n === 0) return [];
  if (k * 8 >= n) return Array.from(items).sort(cmp).slice(0, k);
  // A max-heap by `cmp`: its top is the worst of the best k kept so far.
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (cmp(heap[i] as number, heap[parent] as number) <= 0) return;
      [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && cmp(heap[l] as number, heap[worst] as number) > 0) worst = l;
      if (r < heap.length && cmp(heap[r] as number, heap[worst] as number) > 0) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
      i = worst;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (cmp(item, heap[0] as number) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(cmp);
}
