import type { RunComparison } from "./compare-runs";
import { num, withInterval } from "./format";
import { ALL_METRICS } from "./metric-defs";

const label = (key: string) => ALL_METRICS.find((m) => m.key === key)?.label ?? key;

/** The comparison of two runs as Markdown (npm run eval -- --compare A B). */
export function comparisonMarkdown(c: RunComparison): string {
  const lines = [
    "# 두 평가 비교",
    "",
    `- A: ${c.a.title} (${c.a.createdAt})`,
    `- B: ${c.b.title} (${c.b.createdAt})`,
    "",
  ];
  for (const [side, line] of [
    ["A", c.partial?.a],
    ["B", c.partial?.b],
  ] as const) {
    if (line) lines.push(`> ${side}: ${line}`, "");
  }
  if (c.onlyIn.a.length || c.onlyIn.b.length) {
    lines.push(`A에만 있는 시스템: ${c.onlyIn.a.join(", ") || "없음"} · B에만: ${c.onlyIn.b.join(", ") || "없음"}`, "");
  }
  lines.push("## 바뀐 조건 (fingerprint)", "");
  if (c.changes.length === 0) lines.push("바뀐 것이 없습니다: 같은 조건의 실행입니다.", "");
  else {
    lines.push("| 시스템 | 질문 종류 | 항목 | A | B |", "| --- | --- | --- | --- | --- |");
    for (const ch of c.changes) lines.push(`| ${ch.system} | ${ch.kind} | ${ch.key} | ${ch.a} | ${ch.b} |`);
    lines.push("");
  }
  const moved = c.metrics.filter((m) => m.changed);
  lines.push(`## 달라진 지표 (95% 구간; 같은 지표 ${c.metrics.length - moved.length}개는 생략)`, "");
  lines.push("| 시스템 | 지표 | A | B | B − A |", "| --- | --- | --- | --- | --- |");
  for (const m of moved) {
    const delta = m.a && m.b ? m.b.estimate - m.a.estimate : undefined;
    lines.push(
      `| ${m.label} | ${label(m.metric)} | ${withInterval(m.a)} | ${withInterval(m.b)} | ${delta === undefined ? "–" : `${delta >= 0 ? "+" : ""}${delta.toFixed(3)}`} |`,
    );
  }
  lines.push("", `## 결과가 바뀐 질문 (${c.flips.length})`, "");
  if (c.flips.length) {
    lines.push("| 시스템 | 질문 | 내용 | 지표 | A | B |", "| --- | --- | --- | --- | --- | --- |");
    for (const f of c.flips) {
      lines.push(
        `| ${f.system} | ${f.itemId} | ${f.question.slice(0, 40)} | ${label(f.metric)} | ${num(f.a)} | ${num(f.b)} |`,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}
