import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The web font inside a chart. The charts are SVG files shown through <img> and downloaded as
 * files: neither sees the page's fonts, and a machine without a Korean font draws every label as □.
 * So each chart carries Pretendard itself — only the pieces of Pretendard's own per-character
 * subsets (its "dynamic subset" build, ~15 KB each) that hold the characters the chart uses.
 */

export const CHART_FONT_FAMILY = "Pretendard Chart";
export const CHART_FONT = `font-family="${CHART_FONT_FAMILY}, Pretendard, Noto Sans KR, Apple SD Gothic Neo, sans-serif"`;

interface Subset {
  file: string;
  /** The CSS unicode-range as written, and as [from, to] code point pairs. */
  rangeText: string;
  ranges: [number, number][];
}

const STATIC_DIR = ["node_modules", "pretendard", "dist", "web", "static"];
const cache = new Map<string, Subset[] | null>();

function parseRange(text: string): [number, number][] {
  return text.split(",").map((part) => {
    const [a, b] = part.trim().replace(/^U\+/i, "").split("-");
    const from = Number.parseInt(a ?? "", 16);
    return [from, b ? Number.parseInt(b, 16) : from];
  });
}

/** Pretendard Regular's subsets from the package's stylesheet; null when the package is absent. */
function subsets(root: string): Subset[] | null {
  const known = cache.get(root);
  if (known !== undefined) return known;
  const dir = join(/*turbopackIgnore: true*/ root, ...STATIC_DIR);
  const css = join(dir, "pretendard-dynamic-subset.css");
  if (!existsSync(css)) {
    cache.set(root, null);
    return null;
  }
  const found: Subset[] = [];
  for (const block of readFileSync(css, "utf8").split("@font-face").slice(1)) {
    const file = /url\(\.\/(woff2-dynamic-subset\/Pretendard-Regular\.subset\.\d+\.woff2)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (file && range) found.push({ file: join(dir, file), rangeText: range.trim(), ranges: parseRange(range) });
  }
  cache.set(root, found);
  return found;
}

/**
 * The chart with the font pieces for its characters embedded as @font-face data URLs; unchanged
 * (the named fonts, then sans-serif) when the font package cannot be found.
 */
export function embedChartFont(svg: string, root = process.cwd()): string {
  const all = subsets(root);
  if (!all?.length) return svg;
  const points = new Set<number>();
  for (const ch of svg.replace(/<[^>]*>/g, " ")) points.add(ch.codePointAt(0) ?? 0);
  const needed = all.filter((s) => s.ranges.some(([from, to]) => [...points].some((p) => p >= from && p <= to)));
  if (!needed.length) return svg;
  const faces = needed
    .map(
      (s) =>
        `@font-face{font-family:"${CHART_FONT_FAMILY}";font-weight:400;src:url(data:font/woff2;base64,${readFileSync(s.file).toString("base64")}) format("woff2");unicode-range:${s.rangeText};}`,
    )
    .join("");
  return svg.replace(/^(<svg[^>]*>)/, `$1<defs><style>${faces}</style></defs>`);
}
