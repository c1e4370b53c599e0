import { describe, expect, it } from "vitest";
import { embedChartFont } from "@/lib/eval/chart-font";
import { metricBarsSvg } from "@/lib/eval/charts";
import type { SystemSummary } from "@/lib/eval/report";

const interval = (estimate: number) => ({ estimate, lo: estimate - 0.05, hi: estimate + 0.05 });

describe("the web font inside an evaluation chart", () => {
  const svg = metricBarsSvg(
    [{ label: "기준 검색", metrics: { recall20: interval(0.6) } } as unknown as SystemSummary],
    [{ label: "인용 근거율", value: (s) => s.metrics.recall20 }],
  );
  const embedded = embedChartFont(svg);
  const faces = [...embedded.matchAll(/unicode-range:([^;]+);/g)].map((m) => m[1] ?? "");
  const covers = (ch: string) =>
    faces.some((range) =>
      range.split(",").some((part) => {
        const [a, b] = part.trim().replace(/^U\+/i, "").split("-");
        const p = ch.codePointAt(0) ?? 0;
        const from = Number.parseInt(a ?? "", 16);
        return p >= from && p <= (b ? Number.parseInt(b, 16) : from);
      }),
    );

  it("carries Pretendard as data for every character of its labels, and names it first", () => {
    expect(embedded).toMatch(/@font-face\{font-family:"Pretendard Chart";[^}]*src:url\(data:font\/woff2;base64,/);
    for (const ch of "기준검색인용근거율막대위선구간95%.0") expect(covers(ch), ch).toBe(true);
    expect(svg).toContain('font-family="Pretendard Chart,');
  });

  it("embeds only the pieces it needs, not the whole font", () => {
    expect(faces.length).toBeGreaterThan(0);
    expect(faces.length).toBeLessThan(30);
    expect(embedded.length).toBeLessThan(1_000_000);
  });

  it("leaves the chart as it was when the font package is not there", () => {
    expect(embedChartFont(svg, "/nonexistent-root")).toBe(svg);
  });
});
