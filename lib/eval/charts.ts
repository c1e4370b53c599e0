import type { Interval } from "./bootstrap";
import { CHART_FONT } from "./chart-font";
import type { SystemSummary } from "./report";

/** Charts as plain SVG strings (no plotting dependency; they open in any browser and embed in Markdown). */

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const COLORS = ["#1f3a5f", "#c2410c", "#0f766e", "#7c3aed"];
// The labels' font travels inside each chart file (chart-font.ts, applied where the files are written).
const FONT = CHART_FONT;

/** Grouped bars: one group per system, one bar per metric (values 0–1), each with its 95% interval as an error bar. */
export function metricBarsSvg(
  summaries: SystemSummary[],
  metrics: { label: string; value: (s: SystemSummary) => Interval | undefined }[],
): string {
  // Wide enough for the bars and for the legend underneath (130 px per metric).
  const width = Math.max(160 + summaries.length * (metrics.length * 22 + 30), 100 + metrics.length * 130);
  const height = 360;
  const plot = { x: 60, y: 30, w: width - 80, h: 200 };
  const group = plot.w / Math.max(1, summaries.length);
  const bar = Math.min(22, (group - 20) / metrics.length);
  const yOf = (v: number) => plot.y + plot.h - Math.max(0, Math.min(1, v)) * plot.h;
  const parts: string[] = [];
  for (let t = 0; t <= 5; t++) {
    const y = plot.y + plot.h - (t / 5) * plot.h;
    parts.push(`<line x1='${plot.x}' x2='${plot.x + plot.w}' y1='${y}' y2='${y}' stroke='#e5e7eb'/>`);
    parts.push(
      `<text x='${plot.x - 8}' y='${y + 4}' font-size='11' text-anchor='end' ${FONT}>${(t / 5).toFixed(1)}</text>`,
    );
  }
  summaries.forEach((s, gi) => {
    const gx = plot.x + gi * group + 10;
    metrics.forEach((m, mi) => {
      const i = m.value(s);
      if (!i) return;
      const top = yOf(i.estimate);
      const x = gx + mi * bar;
      const mid = x + (bar - 2) / 2;
      parts.push(
        `<rect x='${x}' y='${top}' width='${bar - 2}' height='${plot.y + plot.h - top}' fill='${COLORS[mi % COLORS.length]}'><title>${esc(s.label)} ${esc(m.label)} ${i.estimate.toFixed(3)} [${i.lo.toFixed(3)}, ${i.hi.toFixed(3)}]</title></rect>`,
      );
      // The error bar: the 95% bootstrap interval.
      parts.push(
        `<path d='M${mid} ${yOf(i.lo)}V${yOf(i.hi)}M${mid - 4} ${yOf(i.lo)}h8M${mid - 4} ${yOf(i.hi)}h8' stroke='#111827' stroke-width='1.2' fill='none' class='error-bar'/>`,
      );
    });
    parts.push(
      `<text x='${gx + (metrics.length * bar) / 2}' y='${plot.y + plot.h + 16}' font-size='11' text-anchor='middle' ${FONT}>${esc(s.label)}</text>`,
    );
  });
  metrics.forEach((m, mi) => {
    parts.push(
      `<rect x='${plot.x + mi * 130}' y='${height - 40}' width='12' height='12' fill='${COLORS[mi % COLORS.length]}'/>`,
    );
    parts.push(`<text x='${plot.x + mi * 130 + 18}' y='${height - 30}' font-size='12' ${FONT}>${esc(m.label)}</text>`);
  });
  parts.push(
    `<text x='${plot.x + plot.w}' y='${height - 12}' font-size='11' text-anchor='end' fill='#6b7280' ${FONT}>막대 위 선: 95% 구간</text>`,
  );
  return `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}'><rect width='100%' height='100%' fill='white'/>${parts.join("")}</svg>`;
}

/** Differences to the baseline with their 95% intervals, one row per system (a forest plot around 0). */
export function differenceSvg(rows: { label: string; diff: Interval }[], metricLabel: string): string {
  const width = 560;
  const rowH = 28;
  const height = 70 + rows.length * rowH;
  const plot = { x: 180, w: 340 };
  const extent = Math.max(0.05, ...rows.flatMap((r) => [Math.abs(r.diff.lo), Math.abs(r.diff.hi)]));
  const x = (v: number) => plot.x + ((v + extent) / (2 * extent)) * plot.w;
  const parts = [
    `<rect width='100%' height='100%' fill='white'/>`,
    `<text x='${plot.x + plot.w / 2}' y='20' font-size='12' text-anchor='middle' ${FONT}>${esc(metricLabel)} 차이 (기준 대비, 95% 구간)</text>`,
    `<line x1='${x(0)}' x2='${x(0)}' y1='30' y2='${height - 30}' stroke='#9ca3af' stroke-dasharray='4 3'/>`,
  ];
  rows.forEach((r, i) => {
    const y = 45 + i * rowH;
    const sig = r.diff.lo > 0 || r.diff.hi < 0;
    const color = sig ? "#c2410c" : "#1f3a5f";
    parts.push(`<text x='${plot.x - 10}' y='${y + 4}' font-size='11' text-anchor='end' ${FONT}>${esc(r.label)}</text>`);
    parts.push(
      `<line x1='${x(r.diff.lo)}' x2='${x(r.diff.hi)}' y1='${y}' y2='${y}' stroke='${color}' stroke-width='2' class='error-bar'/><circle cx='${x(r.diff.estimate)}' cy='${y}' r='4' fill='${color}'><title>${r.diff.estimate.toFixed(3)} [${r.diff.lo.toFixed(3)}, ${r.diff.hi.toFixed(3)}]</title></circle>`,
    );
  });
  for (const v of [-extent, 0, extent]) {
    parts.push(
      `<text x='${x(v)}' y='${height - 14}' font-size='11' text-anchor='middle' ${FONT}>${v > 0 ? "+" : ""}${v.toFixed(2)}</text>`,
    );
  }
  return `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}'>${parts.join("")}</svg>`;
}

/** The dense:BM25 weight sweep as lines (like the paper's Fig. 4): x = dense weight 0.1…0.9. */
export function sweepLineSvg(points: { denseWeight: number; recall20: number; caseNdcg20: number }[]): string {
  const width = 560;
  const height = 320;
  const plot = { x: 60, y: 30, w: 460, h: 220 };
  const sorted = [...points].sort((a, b) => a.denseWeight - b.denseWeight);
  const values = sorted.flatMap((p) => [p.recall20, p.caseNdcg20]);
  const lo = Math.max(0, Math.floor((Math.min(...values, 1) - 0.05) * 10) / 10);
  const y = (v: number) => plot.y + plot.h - ((v - lo) / (1 - lo || 1)) * plot.h;
  const x = (w: number) => plot.x + ((w - 0.1) / 0.8) * plot.w;
  const line = (key: "recall20" | "caseNdcg20", color: string) =>
    `<polyline fill='none' stroke='${color}' stroke-width='2' points='${sorted.map((p) => `${x(p.denseWeight)},${y(p[key])}`).join(" ")}'/>` +
    sorted
      .map(
        (p) =>
          `<circle cx='${x(p.denseWeight)}' cy='${y(p[key])}' r='3' fill='${color}'><title>${p.denseWeight}: ${p[key].toFixed(4)}</title></circle>`,
      )
      .join("");
  const parts = [`<rect width='100%' height='100%' fill='white'/>`];
  for (let t = 0; t <= 4; t++) {
    const v = lo + ((1 - lo) * t) / 4;
    parts.push(
      `<line x1='${plot.x}' x2='${plot.x + plot.w}' y1='${y(v)}' y2='${y(v)}' stroke='#e5e7eb'/><text x='${plot.x - 8}' y='${y(v) + 4}' font-size='11' text-anchor='end' ${FONT}>${v.toFixed(2)}</text>`,
    );
  }
  for (const p of sorted) {
    parts.push(
      `<text x='${x(p.denseWeight)}' y='${plot.y + plot.h + 16}' font-size='11' text-anchor='middle' ${FONT}>${Math.round(p.denseWeight * 10)}:${Math.round((1 - p.denseWeight) * 10)}</text>`,
    );
  }
  parts.push(line("recall20", COLORS[0] as string), line("caseNdcg20", COLORS[1] as string));
  parts.push(
    `<text x='${plot.x}' y='${height - 20}' font-size='12' fill='${COLORS[0]}' ${FONT}>Recall@20</text><text x='${plot.x + 110}' y='${height - 20}' font-size='12' fill='${COLORS[1]}' ${FONT}>case NDCG@20</text><text x='${plot.x + plot.w}' y='${height - 20}' font-size='12' text-anchor='end' ${FONT}>dense : BM25</text>`,
  );
  return `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}'>${parts.join("")}</svg>`;
}
