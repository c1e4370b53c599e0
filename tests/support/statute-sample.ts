/**
 * The statute lookups (lib/statutes/lookup.ts) over a small in-memory 민법, for tests that need
 * imported statutes without importing any: `vi.mock("@/lib/statutes/lookup", () =>
 * import("../support/statute-sample"))`. Same signatures as the real lookups.
 */
const ARTICLES = [
  {
    number: "제750조",
    title: "불법행위의 내용",
    text: "고의 또는 과실로 인한 위법행위로 타인에게 손해를 가한 자는 그 손해를 배상할 책임이 있다.",
  },
  {
    number: "제751조",
    title: "재산 이외의 손해의 배상",
    text: "① 타인의 신체, 자유 또는 명예를 해하거나 기타 정신상고통을 가한 자는 재산 이외의 손해에 대하여도 배상할 책임이 있다.",
  },
  {
    number: "제839조의2",
    title: "재산분할청구권",
    text: "① 협의상 이혼한 자의 일방은 다른 일방에 대하여 재산분할을 청구할 수 있다.",
  },
];
const EFFECTIVE = "2021-01-26";
// 25 decisions cite 제750조: more than one page of 20.
const CITING = Array.from({ length: 25 }, (_, i) => ({
  corpusId: "c1",
  caseNo: `20${String(i + 10).padStart(2, "0")}다${100 + i}`,
  caseName: "손해배상(기)",
  court: "대법원",
  decisionDate: `20${String(i + 10).padStart(2, "0")}-03-01`,
}));

export async function findArticle(law: string, number: string) {
  const at = ARTICLES.findIndex((a) => a.number === number);
  const a = ARTICLES[at];
  if (law !== "민법" || !a) return null;
  const prev = ARTICLES[at - 1];
  const next = ARTICLES[at + 1];
  return {
    law,
    kind: "법률",
    ...a,
    effectiveDate: EFFECTIVE,
    ...(prev ? { prev: { number: prev.number, title: prev.title } } : {}),
    ...(next ? { next: { number: next.number, title: next.title } } : {}),
  };
}

export async function listLaws(): Promise<string[]> {
  return ["민법"];
}

export async function articleExists(law: string, number: string): Promise<boolean> {
  return (await findArticle(law, number)) !== null;
}

export async function citedByDecisions(law: string, number: string, page: { take: number; skip: number }) {
  const all = law === "민법" && number === "제750조" ? [...CITING].reverse() : [];
  return { total: all.length, decisions: all.slice(page.skip, page.skip + page.take) };
}

export async function statuteHistory(law: string) {
  return law === "민법"
    ? [{ effectiveDate: EFFECTIVE, promulgatedDate: EFFECTIVE, articleCount: 3, importedAt: new Date(0) }]
    : [];
}
