/**
 * References to statutes as legal Korean writes them: "민법 제750조", "민사소송법 제216조, 제218조",
 * "같은 법 제3조" / "동법 제5조 제1항" (the statute named last before), "구 민법(1990. 1. 13. 법률
 * 제4199호로 개정되기 전의 것) 제1008조의3", "소득세법 시행령 제3조". Each comes back with its span,
 * the statute's name as resolved and the article ("제839조의2"), so the brief checker can list it
 * and the viewer can link it. An article written with no statute before it in the text ("제3조")
 * has no law.
 */

export interface StatuteRef {
  start: number;
  end: number;
  text: string;
  /** The statute's name, "같은 법"/"동법" resolved ("민법", "소득세법 시행령"); undefined when unnamed. */
  law?: string;
  /** "제750조", "제839조의2". */
  article: string;
  /** "제1항" when written. */
  paragraph?: string;
  /** Written as the former law ("구 민법"). */
  former: boolean;
}

// A statute's name: Hangul ending in 법 (or 법률), with 시행령/시행규칙; "같은 법", "동법".
const LAW = "((?:구\\s?)?(?:같은\\s?법률?|동법|[가-힣]{1,30}?법률?)(?:\\s?시행령|\\s?시행규칙)?)";
// An amendment note after the name: "(1990. 1. 13. 법률 제4199호로 개정되기 전의 것)".
const NOTE = "(?:\\s?\\([^()]{0,80}\\))?";
const ARTICLE = "제\\s?(\\d{1,4})\\s?조(?:\\s?의\\s?(\\d{1,3}))?(?:\\s?제\\s?(\\d{1,3})\\s?항)?";
const NAMED = new RegExp(`(?<![가-힣])${LAW}${NOTE}\\s?${ARTICLE}`, "gu");
const BARE = new RegExp(`(?<![가-힣\\d])${ARTICLE}`, "gu");
// After a reference: ", 제218조" or "·제3조" — the same statute's next article. Any whitespace
// around the comma: 참조조문 lists break lines after it ("민법 제750조,\n\n제756조") and write " , ".
const NEXT = new RegExp(`^\\s*[,，·ㆍ및]\\s*${ARTICLE}`, "u");
// ", 제3항" right after an article's paragraph: the same article (no 조 follows the number).
const PARA_NEXT = /^\s*[,，]\s*제\s?(\d{1,3})\s?항(?!\s?제?\s?\d{0,4}\s?조)/u;
// Words ending in 법 that are no statute.
const NOT_LAWS = new Set([
  "방법",
  "위법",
  "불법",
  "적법",
  "편법",
  "입법",
  "사법",
  "법",
  "해석법",
  "요법",
  "문법",
  "수법",
  "기법",
]);

function article(n: string, sub: string | undefined): string {
  return `제${Number(n)}조${sub ? `의${Number(sub)}` : ""}`;
}

export interface StatuteReadOptions {
  /**
   * A 참조조문 list: an article written without a statute ("민법 제750조,\n\n제756조 / [2] 제396조")
   * belongs to the statute named last before it. In running text only one joined by a comma does.
   */
  list?: boolean;
}

/** Every statute reference in `text`, in order. Never throws. */
export function readStatuteRefs(text: string, options: StatuteReadOptions = {}): StatuteRef[] {
  const found: StatuteRef[] = [];
  let lastLaw: string | undefined;
  const taken: [number, number][] = [];
  const push = (ref: StatuteRef) => {
    found.push(ref);
    taken.push([ref.start, ref.end]);
  };
  const named = [...text.matchAll(NAMED)].map((m) => ({ m, at: m.index ?? 0 }));
  for (const { m, at } of named) {
    const written = (m[1] ?? "").replace(/\s+/g, " ").trim();
    const former = /^구\s?/u.test(written);
    let name = written.replace(/^구\s?/u, "");
    const bare = name.replace(/\s?(시행령|시행규칙)$/u, "").replace(/\s/g, "");
    if (/^(같은법률?|동법)$/u.test(bare)) name = lastLaw ? name.replace(/^(같은\s?법률?|동법)/u, lastLaw) : "";
    else if (NOT_LAWS.has(bare) || bare.endsWith("방법")) continue;
    else lastLaw = name.replace(/\s?(시행령|시행규칙)$/u, "");
    let end = at + m[0].length;
    push({
      start: at,
      end,
      text: m[0],
      law: name || undefined,
      article: article(m[2] ?? "", m[3]),
      paragraph: m[4] ? `제${Number(m[4])}항` : undefined,
      former,
    });
    let lastArticle = found.at(-1)?.article ?? "";
    for (;;) {
      const rest = text.slice(end, end + 80);
      // ", 제3항" after "제756조 제1항": the same article's next paragraph.
      const para = PARA_NEXT.exec(rest);
      const next = para ? undefined : NEXT.exec(rest);
      const piece = para ?? next;
      if (!piece) break;
      const start = end + (piece[0].length - piece[0].trimStart().replace(/^[,，·ㆍ및]\s*/u, "").length);
      push({
        start,
        end: end + piece[0].length,
        text: text.slice(start, end + piece[0].length),
        law: name || undefined,
        article: para ? lastArticle : article(piece[1] ?? "", piece[2]),
        paragraph: para ? `제${Number(para[1])}항` : piece[3] ? `제${Number(piece[3])}항` : undefined,
        former,
      });
      lastArticle = found.at(-1)?.article ?? lastArticle;
      end += piece[0].length;
    }
  }
  // Articles with no statute right before them ("제3조에 따라"): in a 참조조문 list, the statute
  // named last before; in running text, unknown.
  for (const m of text.matchAll(BARE)) {
    const at = m.index ?? 0;
    if (taken.some(([s, e]) => at >= s && at < e)) continue;
    const before = options.list ? found.filter((r) => r.start < at && r.law).at(-1) : undefined;
    found.push({
      start: at,
      end: at + m[0].length,
      text: m[0],
      ...(before?.law ? { law: before.law } : {}),
      article: article(m[1] ?? "", m[2]),
      paragraph: m[3] ? `제${Number(m[3])}항` : undefined,
      former: before?.former ?? false,
    });
    found.sort((a, b) => a.start - b.start);
  }
  return found.sort((a, b) => a.start - b.start);
}

/** One article a decision's 참조조문 names. */
export interface StatuteLink {
  /** "민법", "소득세법 시행령". */
  law: string;
  /** "제750조", "제839조의2". */
  article: string;
}

/**
 * The articles a 참조조문 list names, each (law, article) once, in the order written. Articles written
 * with no statute before them ("제3조" after a 부칙) name no law and are left out: a link to a guessed
 * statute would be worse than none. "상속세법시행령" is stored as the statute is named, "상속세법
 * 시행령". The one reading of a 참조조문 list: the database's links (lib/statutes) and the search
 * index's 참조조문 column (lib/store/doc-table.ts) both come from it.
 */
export function statuteLinks(list: string): StatuteLink[] {
  const seen = new Set<string>();
  const out: StatuteLink[] = [];
  for (const ref of readStatuteRefs(list, { list: true })) {
    if (!ref.law) continue;
    const law = ref.law.replace(/\s*(시행령|시행규칙)$/u, " $1");
    const key = `${law}\u0000${ref.article}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ law, article: ref.article });
  }
  return out;
}
