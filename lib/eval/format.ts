import type { Interval } from "./bootstrap";
import { significant } from "./bootstrap";

/** Three decimals: on a few dozen questions, one question moves a rate by ~0.02, so a fourth says nothing. */
export const num = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? "–" : x.toFixed(3));

const signed = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(3)}`;

/** "0.689 [0.593, 0.781]" */
export function withInterval(i: Interval | undefined): string {
  return i ? `${num(i.estimate)} [${num(i.lo)}, ${num(i.hi)}]` : "–";
}

/** "+0.208 [+0.131, +0.290] *" — the star when the interval excludes 0. */
export function difference(i: Interval | undefined): string {
  if (!i) return "–";
  return `${signed(i.estimate)} [${signed(i.lo)}, ${signed(i.hi)}]${significant(i) ? " *" : ""}`;
}
