import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Small invented decisions (precedent-kr Markdown, as in tests/fixtures/decisions) generated at
 * test time: many of them make a job long enough to measure, each one stays tiny. Case numbers are
 * in the invented 2090s so they never collide with real decisions.
 */

const TOPICS = [
  "드론 배송",
  "자율주행 택시",
  "가상자산 지갑",
  "원격 진료",
  "스마트 계약",
  "로봇 청소기",
  "메타버스 상가",
];

export function syntheticCaseNo(i: number): string {
  return `2097다${10_000 + i}`;
}

export function syntheticMarkdown(i: number): string {
  const topic = TOPICS[i % TOPICS.length];
  return [
    "---",
    `사건번호: ${syntheticCaseNo(i)}`,
    `사건명: 손해배상(기) ${i}`,
    "법원명: 대법원",
    "법원등급: 대법원",
    "사건종류: 민사",
    `선고일자: 2097-0${(i % 9) + 1}-1${i % 10}`,
    "---",
    "",
    `# 손해배상(기) ${i}`,
    "",
    "## 판시사항",
    "",
    `${topic} 사고 ${i}번에서 운영자의 주의의무 위반 여부`,
    "",
    "## 판결요지",
    "",
    `${topic} 운영자는 사고 ${i}번과 같은 위험을 예견할 수 있었으므로 손해를 배상할 책임이 있다.`,
    "",
  ].join("\n");
}

/** Writes `count` decisions as .md files (100 per folder) under `dir`. */
export function writeSyntheticDecisions(dir: string, count: number, from = 0): void {
  for (let i = from; i < from + count; i++) {
    const folder = join(dir, `batch-${Math.floor(i / 100)}`);
    if (i % 100 === 0 || i === from) mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `대법원_${syntheticCaseNo(i)}.md`), syntheticMarkdown(i));
  }
}

/** The same decisions as JSONL records (one upload file). */
export function syntheticJsonl(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const topic = TOPICS[i % TOPICS.length];
    lines.push(
      JSON.stringify({
        caseNo: syntheticCaseNo(i),
        caseName: `손해배상(기) ${i}`,
        court: "대법원",
        courtLevel: "대법원",
        caseType: "민사",
        decisionDate: "2097-01-01",
        판시사항: `${topic} 사고 ${i}번에서 운영자의 주의의무 위반 여부`,
        판결요지: `${topic} 운영자는 사고 ${i}번과 같은 위험을 예견할 수 있었으므로 손해를 배상할 책임이 있다.`,
      }),
    );
  }
  return `${lines.join("\n")}\n`;
}
