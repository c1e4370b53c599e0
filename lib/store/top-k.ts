/**
 * The best `n` ids by score (ties: lower id first), checking `allowed` only for ids that would
 * enter the result — the filter predicate is far costlier than a comparison.
 */
export function topK(
  candidates: Iterable<number>,
  score: (id: number) => number,
  n: number,
  allowed: (id: number) => boolean,
): number[] {
  const better = (a: number, b: number) => score(a) > score(b) || (score(a) === score(b) && a < b);
  // Min-heap of the current best n: its root is the weakest kept id.
  const heap: number[] = [];
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j] as number, heap[i] as number];
  };
  const siftUp = (start: number) => {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!better(heap[parent] as number, heap[i] as number)) break;
      swap(parent, i);
      i = parent;
    }
  };
  const siftDown = (start: number) => {
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let weakest = i;
      if (l < heap.length && better(heap[weakest] as number, heap[l] as number)) weakest = l;
      if (r < heap.length && better(heap[weakest] as number, heap[r] as number)) weakest = r;
      if (weakest === i) return;
      swap(weakest, i);
      i = weakest;
    }
  };
  if (n <= 0) return [];
  for (const id of candidates) {
    if (heap.length === n && !better(id, heap[0] as number)) continue;
    if (!allowed(id)) continue;
    if (heap.length < n) {
      heap.push(id);
      siftUp(heap.length - 1);
    } else {
      heap[0] = id;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}
