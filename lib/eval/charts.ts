import type { SystemSummary } from "./report";

/** Charts as plain SVG strings (no plotting dependency; they open in any browser and embed in Markdown). */

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const COLORS = ["#1f3a5f", "#c2410c", "#0f766e", "#7c3aed"];
const FONT = "font-family='Noto Sans KR, Apple SD Gothic Neo, sans-serif'";

/** Grouped bars: one group per system, one bar per metric (values 0–1). */
export function metricBarsSvg(
  summaries: SystemSummary[],
  metrics: { label: string; value: (s: SystemSummary) => number }[],
): string {
  const width = 160 + summaries.length * (metrics.length * 22 + 30);
  const height = 360;
  const plot = { x: 60, y: 30, w: width - 80, h: 200 };
  const group = plot.w / Math.max(1, summaries.length);
  const bar = Math.min(22, (group - 20) / metrics.length);
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
      const v = Math.max(0, Math.min(1, m.value(s)));
      const h = v * plot.h;
      parts.push(
        `<rect x='${gx + mi * bar}' y='${plot.y + plot.h - h}' width='${bar - 2}' height='${h}' fill='${COLORS[mi % COLORS.length]}'><title>${esc(s.label)} ${esc(m.label)} ${v.toFixed(4)}</title></rect>`,
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
  return `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}'><rect width='100%' height='100%' fill='white'/>${parts.join("")}</svg>`;
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
