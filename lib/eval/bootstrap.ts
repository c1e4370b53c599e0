/**
 * Paired bootstrap intervals (percentile method). Questions are resampled with replacement, and
 * every system is scored on the same resampled questions, so the interval of a difference reflects
 * how systems differ question by question, not two independent noises. Seeded: the same run gives
 * the same intervals.
 */
export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_SEED = 20_240_917;

export interface Interval {
  estimate: number;
  lo: number;
  hi: number;
}

/** mulberry32: small, fast, good enough to draw indices. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
}

/** The `resamples` index lists (each of length n) every statistic of one comparison shares. */
export function resampleIndices(n: number, options: BootstrapOptions = {}): Uint32Array[] {
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  return Array.from({ length: options.resamples ?? DEFAULT_RESAMPLES }, () => {
    const idx = new Uint32Array(n);
    for (let i = 0; i < n; i++) idx[i] = Math.floor(random() * n);
    return idx;
  });
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

/**
 * The 95% interval of `statistic` over n paired observations. The statistic receives an index list
 * (the observations of one resample) and returns a number, or undefined when it is not defined on
 * that resample (e.g. F1 with no "yes" drawn); such resamples are left out.
 */
export function bootstrapInterval(
  n: number,
  statistic: (indices: ArrayLike<number>) => number | undefined,
  options: BootstrapOptions & { samples?: Uint32Array[] } = {},
): Interval | undefined {
  const all = Uint32Array.from({ length: n }, (_, i) => i);
  const estimate = n ? statistic(all) : undefined;
  if (estimate === undefined) return undefined;
  const samples = options.samples ?? resampleIndices(n, options);
  const values: number[] = [];
  for (const idx of samples) {
    const v = statistic(idx);
    if (v !== undefined && Number.isFinite(v)) values.push(v);
  }
  values.sort((a, b) => a - b);
  return { estimate, lo: quantile(values, 0.025), hi: quantile(values, 0.975) };
}

/** A difference is significant at 95% when its interval excludes 0. */
export const significant = (interval: Interval | undefined): boolean =>
  Boolean(interval && (interval.lo > 0 || interval.hi < 0));

/** Mean of the values at the given indices. */
export function meanAt(values: ArrayLike<number>, indices: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < indices.length; i++) sum += values[indices[i] as number] as number;
  return indices.length ? sum / indices.length : 0;
}
