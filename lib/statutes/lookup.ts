// STUB — replaced by the real lookups on merge (branch i37: Prisma Statute / StatuteArticle /
// StatuteVersion / DecisionStatuteRef and the legalize-kr importer). Same exported signatures,
// backed by a small in-memory sample so the viewer, the article page, the API and their tests run.

interface StatuteArticleView {
  law: string;
  kind: string;
  number: string;
  title: string;
  text: string;
  effectiveDate: string;
  prev?: { number: string; title: string };
  next?: { number: string; title: string };
}

interface CitingDecision {
  corpusId: string;
  caseNo: string;
  caseName: string;
  court: string;
  decisionDate: string;
}

interface StatuteVersionView {
  effectiveDate: string;
  promulgatedDate: string;
  articleCount: number;
  importedAt: Date;
}

const EFFECTIVE = "2021-01-26";

const SAMPLE: Record<string, { number: string; title: string; text: string }[]> = {
  민법: [
    {
      number: "제396조",
      title: "과실상계",
      text: "채무불이행에 관하여 채권자에게 과실이 있는 때에는 법원은 손해배상의 책임 및 그 금액을 정함에 이를 참작하여야 한다.",
    },
    {
      number: "제750조",
      title: "불법행위의 내용",
      text: "고의 또는 과실로 인한 위법행위로 타인에게 손해를 가한 자는 그 손해를 배상할 책임이 있다.",
    },
    {
      number: "제751조",
      title: "재산 이외의 손해의 배상",
      text: "① 타인의 신체, 자유 또는 명예를 해하거나 기타 정신상고통을 가한 자는 재산 이외의 손해에 대하여도 배상할 책임이 있다.\n② 법원은 전항의 손해배상을 정기금채무로 지급할 것을 명할 수 있고 그 이행을 확보하기 위하여 상당한 담보의 제공을 명할 수 있다.",
    },
    {
      number: "제756조",
      title: "사용자의 배상책임",
      text: "① 타인을 사용하여 어느 사무에 종사하게 한 자는 피용자가 그 사무집행에 관하여 제삼자에게 가한 손해를 배상할 책임이 있다. 그러나 사용자가 피용자의 선임 및 그 사무감독에 상당한 주의를 한 때 또는 상당한 주의를 하여도 손해가 있을 경우에는 그러하지 아니하다.\n② 사용자에 갈음하여 그 사무를 감독하는 자도 전항의 책임이 있다.\n③ 전2항의 경우에 사용자 또는 감독자는 피용자에 대하여 구상권을 행사할 수 있다.",
    },
    {
      number: "제763조",
      title: "준용규정",
      text: "제393조, 제394조, 제396조, 제399조의 규정은 불법행위로 인한 손해배상에 준용한다.",
    },
    {
      number: "제839조의2",
      title: "재산분할청구권",
      text: "① 협의상 이혼한 자의 일방은 다른 일방에 대하여 재산분할을 청구할 수 있다.\n② 제1항의 재산분할에 관하여 협의가 되지 아니하거나 협의할 수 없는 때에는 가정법원은 당사자의 청구에 의하여 당사자 쌍방의 협력으로 이룩한 재산의 액수 기타 사정을 참작하여 분할의 액수와 방법을 정한다.\n③ 제1항의 재산분할청구권은 이혼한 날부터 2년을 경과한 때에는 소멸한다.",
    },
  ],
};

const CITED: Record<string, CitingDecision[]> = {
  "민법 제750조": [
    {
      corpusId: "sample",
      caseNo: "2098다1001",
      caseName: "손해배상(기)",
      court: "대법원",
      decisionDate: "2099-01-15",
    },
    {
      corpusId: "sample",
      caseNo: "2019다12345",
      caseName: "손해배상(기)",
      court: "대법원",
      decisionDate: "2020-03-12",
    },
  ],
};

export async function findArticle(law: string, number: string): Promise<StatuteArticleView | null> {
  const articles = SAMPLE[law];
  const at = articles?.findIndex((a) => a.number === number) ?? -1;
  const article = articles?.[at];
  if (!articles || !article) return null;
  const prev = articles[at - 1];
  const next = articles[at + 1];
  return {
    law,
    kind: "법률",
    ...article,
    effectiveDate: EFFECTIVE,
    ...(prev ? { prev: { number: prev.number, title: prev.title } } : {}),
    ...(next ? { next: { number: next.number, title: next.title } } : {}),
  };
}

export async function listLaws(): Promise<string[]> {
  return Object.keys(SAMPLE);
}

export async function articleExists(law: string, number: string): Promise<boolean> {
  return (await findArticle(law, number)) !== null;
}

export async function citedByDecisions(
  law: string,
  number: string,
  page: { take: number; skip: number },
): Promise<{ total: number; decisions: CitingDecision[] }> {
  const all = [...(CITED[`${law} ${number}`] ?? [])].sort((a, b) => b.decisionDate.localeCompare(a.decisionDate));
  return { total: all.length, decisions: all.slice(page.skip, page.skip + page.take) };
}

export async function statuteHistory(law: string): Promise<StatuteVersionView[]> {
  if (!SAMPLE[law]) return [];
  return [
    { effectiveDate: EFFECTIVE, promulgatedDate: "2021-01-26", articleCount: 6, importedAt: new Date(0) },
    { effectiveDate: "2017-06-03", promulgatedDate: "2016-12-02", articleCount: 6, importedAt: new Date(0) },
  ];
}
