import { describe, expect, it } from "vitest";
import { matchTermOf, minimumShouldMatch } from "@/lib/search/match-terms";
import { parseQuery } from "@/lib/search/query";
import { queryCost, withinBudget } from "@/lib/store/doc-budget";
import { matchDocuments, PHRASE_CHECKS } from "@/lib/store/doc-match";
import type { DocFields } from "@/lib/store/doc-table";
import { MemoryIndex } from "@/lib/store/memory-index";
import type { DocFilter, DocQuery } from "@/lib/store/types";
import { tokenizeKo } from "@/lib/text/tokenize-ko";

// A generated corpus the size a pre-cut would fail on: 3,000 decisions of 4 passages, a common word
// in nearly all, words built from syllables no other word uses (so a word's bigrams are its own and
// "holds the word" can be counted by hand from the words each passage was given).

const SYLLABLES = [..."가나다라마바사아자차카타파하거너더러머버서어저처커터퍼허고노도로모보소오조초코토포호"];
const VOCAB = Array.from({ length: 14 }, (_, i) => SYLLABLES.slice(i * 3, i * 3 + 3).join(""));
const COMMON = "손해배상";
const RARE_LOWER = "광주고등법원";
const COURTS = ["대법원", "서울고등법원", "부산지방법원", "대구고등법원"];
const TYPES = ["민사", "형사", "가사"];

interface GenDoc {
  fields: DocFields;
  passages: string[][];
}

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

function generate(n: number): GenDoc[] {
  const r = rng(7);
  const docs: GenDoc[] = [];
  for (let i = 0; i < n; i++) {
    const rare = i % 431 === 17;
    const passages = Array.from({ length: 4 }, (_, p) => {
      const words = VOCAB.filter(() => r() < 0.2);
      if (p === 0 && (rare || r() < 0.9)) words.push(COMMON);
      // The rare decisions write the common word once in a long passage: BM25 ranks them low.
      if (rare) words.push(...Array.from({ length: 60 }, () => VOCAB[Math.floor(r() * VOCAB.length)] as string));
      return words;
    });
    const year = 1990 + Math.floor(r() * 35);
    docs.push({
      fields: {
        corpusId: i % 5 === 0 ? "c2" : "c1",
        caseNo: `${year}다${1000 + i}`,
        caseName: i % 97 === 0 ? `${VOCAB[0]} 청구` : "청구이의",
        court: COURTS[i % COURTS.length] as string,
        courtLevel: i % COURTS.length === 0 ? "대법원" : "하급심",
        caseType: TYPES[i % TYPES.length] as string,
        decisionDate: `${year}-0${1 + (i % 9)}-15`,
        enBanc: i % 53 === 0,
        lowerCourt: rare ? RARE_LOWER : i % 2 ? "서울고등법원" : "",
      },
      passages,
    });
  }
  return docs;
}

const DOCS = generate(3_000);
const TEXTS = new Map<string, string>();
const index = new MemoryIndex();
for (const [d, doc] of DOCS.entries()) {
  for (const [p, words] of doc.passages.entries()) {
    const id = `${d}-${p}`;
    const text = words.join(" ");
    TEXTS.set(id, text);
    const { corpusId, caseNo, caseType, court, decisionDate } = doc.fields;
    const section = p === 0 ? "판결요지" : "판례내용";
    index.place(
      { id, corpusId, caseNo, caseType, court, decisionDate, section },
      tokenizeKo(text),
      undefined,
      doc.fields,
    );
  }
}
const readTexts = (ids: string[]) =>
  new Map(ids.flatMap((id) => (TEXTS.has(id) ? [[id, TEXTS.get(id) as string]] : [])));

function query(q: string, filter?: DocFilter, extra: Partial<DocQuery> = {}): DocQuery {
  const parsed = parseQuery(q);
  return {
    groups: parsed.groups.map((g) => g.map(matchTermOf)),
    excluded: parsed.excluded.map(matchTermOf),
    scoreTokens: parsed.groups.flat().flatMap((t) => tokenizeKo(t.text)),
    filter,
    sort: "relevance",
    offset: 0,
    limit: 20,
    ...extra,
  };
}

/** By hand: the decisions with a passage (or a 사건명) holding the word, passing the filter. */
function bruteForce(all: string[][], none: string[], keep: (f: DocFields) => boolean): GenDoc[] {
  const has = (doc: GenDoc, w: string) =>
    doc.passages.some((words) => words.includes(w)) || doc.fields.caseName.replace(/\s/g, "").includes(w);
  return DOCS.filter(
    (d) => keep(d.fields) && all.every((group) => group.some((w) => has(d, w))) && !none.some((w) => has(d, w)),
  );
}

describe("exact matching in the index", () => {
  it("counts a rare 원심 under a common word exactly, where the ranked top 400 passages hold none", () => {
    const rare = bruteForce([[COMMON]], [], (f) => f.lowerCourt === RARE_LOWER);
    expect(rare.length).toBeGreaterThanOrEqual(6);
    // What a pre-cut saw: the ranked top 400 passages for the word, filtered afterwards.
    const groups = new Set([...index.groupOf.values()]);
    const top = index.sparse.search(tokenizeKo(COMMON), 400, groups, () => true);
    const topDocs = new Set(top.map(({ slot }) => index.metas[slot]?.caseNo));
    expect(rare.filter((d) => topDocs.has(d.fields.caseNo))).toHaveLength(0);

    const r = matchDocuments(index, query(COMMON, { lowerCourts: [RARE_LOWER] }), readTexts);
    expect(r.total).toBe(rare.length);
    expect(r.exact).toBe(true);
    expect(r.hits.map((h) => h.caseNo).sort()).toEqual(rare.map((d) => d.fields.caseNo).sort());
  });

  it("equals a brute-force count for every filter, and the facets sum to the total", () => {
    const filters: [DocFilter, (f: DocFields) => boolean][] = [
      [{}, () => true],
      [{ courts: ["대구고등법원"] }, (f) => f.court === "대구고등법원"],
      [{ courtLevels: ["대법원"] }, (f) => f.courtLevel === "대법원"],
      [{ caseTypes: ["가사"], corpusIds: ["c2"] }, (f) => f.caseType === "가사" && f.corpusId === "c2"],
      [{ dateFrom: "2000-01-01", dateTo: "2009-12-31" }, (f) => f.decisionDate >= "2000" && f.decisionDate < "2010"],
      [{ enBanc: true }, (f) => f.enBanc === true],
      [{ docKeys: DOCS.slice(0, 50).map((d) => d.fields) }, (f) => DOCS.slice(0, 50).some((d) => d.fields === f)],
    ];
    const [a, b, c] = VOCAB as [string, string, string];
    const queries: [string, string[][], string[]][] = [
      [COMMON, [[COMMON]], []],
      [`${a} ${b}`, [[a], [b]], []],
      [`${a} OR ${c} -${b}`, [[a, c]], [b]],
      [`${COMMON} -${a}`, [[COMMON]], [a]],
    ];
    for (const [filter, keep] of filters) {
      for (const [q, all, none] of queries) {
        const want = bruteForce(all, none, keep);
        const r = matchDocuments(index, query(q, filter), readTexts);
        expect(r.total, `${q} ${JSON.stringify(filter).slice(0, 60)}`).toBe(want.length);
        const sum = (pairs: [string, number][]) => pairs.reduce((n, [, count]) => n + count, 0);
        expect(sum(r.facets.court)).toBe(r.total);
        expect(sum(r.facets.type)).toBe(r.total);
        expect(sum(r.facets.year)).toBe(r.total);
        expect(sum(r.facets.corpus)).toBe(r.total);
        expect(r.facets.enBanc).toBe(want.filter((d) => d.fields.enBanc).length);
        const lower = r.facets.lower.find(([v]) => v === "서울고등법원")?.[1] ?? 0;
        expect(lower).toBe(want.filter((d) => d.fields.lowerCourt === "서울고등법원").length);
      }
    }
  });

  it("pages to the end, and sorts the whole match set by date", () => {
    const all = bruteForce([[COMMON]], [], () => true);
    const seen = new Set<string>();
    let last = "9999";
    for (let offset = 0; offset < all.length; offset += 500) {
      const r = matchDocuments(index, query(COMMON, {}, { sort: "newest", offset, limit: 500 }), readTexts);
      for (const h of r.hits) {
        const date = DOCS.find((d) => d.fields.caseNo === h.caseNo)?.fields.decisionDate ?? "";
        expect(date <= last).toBe(true);
        last = date;
        seen.add(`${h.corpusId}/${h.caseNo}`);
      }
    }
    expect(seen.size).toBe(all.length);
  });

  it("finds a word in the 사건명 and scopes a word to a section", () => {
    const [a] = VOCAB as [string];
    const named = matchDocuments(index, query(`사건명:${a}`), readTexts);
    expect(named.total).toBe(DOCS.filter((d) => d.fields.caseName.includes(a)).length);
    const scoped = matchDocuments(index, query(`판결요지:${COMMON}`), readTexts);
    expect(scoped.total).toBe(DOCS.filter((d) => d.passages[0]?.includes(COMMON)).length);
  });

  it("checks a quoted phrase on the text, and says the count is a lower bound past the checks", () => {
    const [a, b] = VOCAB as [string, string];
    const phrase = matchDocuments(index, query(`"${a} ${b}"`), readTexts);
    const want = DOCS.filter((d) => d.passages.some((w) => w.join(" ").includes(`${a} ${b}`)));
    expect(phrase.exact).toBe(want.length <= PHRASE_CHECKS);
    expect(phrase.total).toBe(want.length);
    const common = matchDocuments(index, query(`"${COMMON}"`), readTexts);
    expect(common.exact).toBe(false);
    expect(common.total).toBeLessThanOrEqual(bruteForce([[COMMON]], [], () => true).length);
  });
});

describe("a word as lawyers type it", () => {
  it("requires every bigram of a short word and all but one per join of a long compound", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 10].map(minimumShouldMatch)).toEqual([1, 2, 3, 3, 4, 5, 5, 6, 7]);
  });

  it("finds a compound typed solid in a passage that writes it spaced, and not from one part alone", () => {
    const local = new MemoryIndex();
    const texts = ["부동산 명의신탁 약정은 무효이다", "명의신탁 사실을 인정하였다", "명의신탁약정에 따른 등기"];
    texts.forEach((text, i) => {
      const fields: DocFields = {
        corpusId: "c",
        caseNo: `2020다${i + 1}`,
        caseName: "",
        court: "대법원",
        courtLevel: "대법원",
        caseType: "민사",
        decisionDate: "2020-01-01",
        enBanc: false,
        lowerCourt: "",
      };
      local.place({ ...fields, id: `x${i}`, section: "판례내용" }, tokenizeKo(text), undefined, fields);
    });
    const found = (q: string) =>
      matchDocuments(local, query(q), () => new Map())
        .hits.map((h) => h.caseNo)
        .sort();
    expect(found("명의신탁약정")).toEqual(["2020다1", "2020다3"]);
    expect(found("부동산명의신탁약정")).toEqual(["2020다1"]);
    expect(found("명의신탁")).toEqual(["2020다1", "2020다2", "2020다3"]);
  });
});

describe("the 참조조문 column", () => {
  it("counts and filters on each decision's articles, and a re-import replaces them", () => {
    const local = new MemoryIndex();
    const fields = (i: number): DocFields => ({
      corpusId: "c",
      caseNo: `2021다${i}`,
      caseName: "",
      court: "대법원",
      courtLevel: "대법원",
      caseType: "민사",
      decisionDate: "2021-01-01",
      enBanc: false,
      lowerCourt: "",
    });
    const put = (i: number, id: string, section: string, text: string) =>
      local.place(
        { ...fields(i), id, section },
        tokenizeKo(text),
        undefined,
        fields(i),
        section === "참조조문" ? text : null,
      );
    put(1, "a0", "판례내용", "불법행위로 인한 손해배상");
    put(1, "a1", "참조조문", "민법 제750조, 제751조");
    put(2, "b0", "판례내용", "손해배상 청구");
    put(2, "b1", "참조조문", "민법 제750조, 민사소송법 제202조");
    const run = (filter?: DocFilter) => matchDocuments(local, query("손해배상", filter), () => new Map());
    expect(new Map(run().facets.ref)).toEqual(
      new Map([
        ["민법 제750조", 2],
        ["민법 제751조", 1],
        ["민사소송법 제202조", 1],
      ]),
    );
    expect(run({ refs: ["민사소송법 제202조"] }).hits.map((h) => h.caseNo)).toEqual(["2021다2"]);
    // The second decision re-imported with another list: its old articles go.
    put(2, "b1", "참조조문", "상속세법시행령 제5조");
    expect(new Map(run().facets.ref)).toEqual(
      new Map([
        ["민법 제750조", 1],
        ["민법 제751조", 1],
        ["상속세법 시행령 제5조", 1],
      ]),
    );
    expect(run({ refs: ["민사소송법 제202조"] }).total).toBe(0);
  });
});

describe("the work budget", () => {
  it("keeps a query's words in order while they fit and counts the ones left out", () => {
    const words = VOCAB.slice(0, 6);
    const q = query(words.join(" OR "));
    const all = withinBudget(index, q, Number.POSITIVE_INFINITY);
    expect(all.dropped).toBe(0);
    const cost = queryCost(index, q);
    const half = withinBudget(index, q, cost / 2);
    expect(half.dropped).toBeGreaterThan(0);
    expect(half.query.groups.flat().length + half.dropped).toBe(words.length);
    // The words kept are the first ones, and only their tokens score.
    const kept = half.query.groups.flat().length;
    expect(half.query.groups[0]?.map((t) => t.some)).toEqual(q.groups[0]?.slice(0, kept).map((t) => t.some));
    expect(half.query.scoreTokens.every((x) => q.scoreTokens.includes(x))).toBe(true);
  });
});
