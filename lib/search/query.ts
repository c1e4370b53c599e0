/**
 * The search box's query language, as Korean legal databases read it:
 *   손해배상 위자료         both words (AND by default)
 *   사기 OR 횡령            either word (OR binds the words on each side of it)
 *   -제외어                 decisions without the word
 *   "정확한 구절"           the words together, in this order
 *   사건명:손해배상, 판시사항:…, 판결요지:…, 참조조문:…, 법원:… — the word in that place only
 * Nothing here fails: a malformed part becomes a plain Korean hint, and the rest still runs.
 */

export const SCOPES = ["사건명", "판시사항", "판결요지", "참조조문", "법원"] as const;
export type Scope = (typeof SCOPES)[number];

export interface QueryTerm {
  /** The word or phrase as typed (quotes removed). */
  text: string;
  phrase: boolean;
  scope?: Scope;
}

export interface ParsedQuery {
  /** Every group must match (AND); a group matches when any of its terms does (OR). */
  groups: QueryTerm[][];
  /** No term here may match. */
  excluded: QueryTerm[];
  /** Plain Korean notes on what was not understood, and how it was read instead. */
  hints: string[];
}

const MAX_QUERY = 500;
const MAX_TERMS = 20;

interface Token {
  kind: "term" | "or";
  term?: QueryTerm;
  negate?: boolean;
}

function scopeOf(word: string, hints: string[]): { scope?: Scope; rest: string } {
  const m = /^([가-힣]{2,4}):(.*)$/su.exec(word);
  if (!m) return { rest: word };
  const name = (m[1] ?? "") as Scope;
  if (SCOPES.includes(name)) return { scope: name, rest: m[2] ?? "" };
  hints.push(
    `‘${m[1]}:’은 찾을 수 있는 곳이 아닙니다. ${SCOPES.join(", ")} 중에서 고르세요. 그 낱말은 전체에서 찾았습니다.`,
  );
  return { rest: m[2] ?? "" };
}

/** Splits the query into words, quoted phrases and OR, each with its - and scope. */
function lex(input: string, hints: string[]): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < input.length) {
    if (/\s/.test(input.charAt(i))) {
      i++;
      continue;
    }
    let negate = false;
    let start = i;
    if (input.charAt(i) === "-") {
      negate = true;
      i++;
      start = i;
      if (i >= input.length || /\s/.test(input.charAt(i))) {
        hints.push("‘-’ 바로 뒤에 뺄 낱말을 붙여 쓰세요(예: -형사). 홀로 쓴 ‘-’는 무시했습니다.");
        continue;
      }
    }
    // A scope prefix, then a word or a quoted phrase.
    const prefix = /^([가-힣]{2,4}):/u.exec(input.slice(i));
    let scopeText = "";
    if (prefix && input.charAt(i + prefix[0].length) === '"') {
      scopeText = prefix[0];
      i += prefix[0].length;
    }
    if (input.charAt(i) === '"') {
      const close = input.indexOf('"', i + 1);
      const body = close < 0 ? input.slice(i + 1) : input.slice(i + 1, close);
      if (close < 0) hints.push("따옴표가 닫히지 않았습니다. 여는 따옴표 뒤를 한 구절로 찾았습니다.");
      i = close < 0 ? input.length : close + 1;
      const { scope, rest } = scopeOf(`${scopeText}${body}`, hints);
      const text = rest.replace(/\s+/g, " ").trim();
      if (!text) hints.push("빈 따옴표는 무시했습니다.");
      // Quotes around marks alone ("-", "…"): nothing to find there.
      else if (!/[\p{L}\p{N}]/u.test(text))
        hints.push(`따옴표 안 ‘${text.slice(0, 10)}’에는 찾을 낱말이 없어 무시했습니다.`);
      else out.push({ kind: "term", negate, term: { text, phrase: true, scope } });
      continue;
    }
    while (i < input.length && !/\s/.test(input.charAt(i)) && input.charAt(i) !== '"') i++;
    const word = input.slice(start, i);
    if (!negate && word === "OR") {
      out.push({ kind: "or" });
      continue;
    }
    const { scope, rest } = scopeOf(word, hints);
    if (!rest) {
      if (scope) hints.push(`‘${scope}:’ 뒤에 찾을 낱말을 붙여 쓰세요(예: ${scope}:손해배상).`);
      continue;
    }
    out.push({ kind: "term", negate, term: { text: rest, phrase: false, scope } });
  }
  return out;
}

export function parseQuery(raw: string): ParsedQuery {
  const hints: string[] = [];
  let input = raw.normalize("NFC");
  if (input.length > MAX_QUERY) {
    hints.push(`검색어가 길어 앞의 ${MAX_QUERY}자만 찾았습니다. 긴 글은 ‘비슷한 판례 찾기’에 넣으세요.`);
    input = input.slice(0, MAX_QUERY);
  }
  const tokens = lex(input, hints);
  const groups: QueryTerm[][] = [];
  const excluded: QueryTerm[] = [];
  let joinNext = false;
  tokens.forEach((t, index) => {
    if (t.kind === "or") {
      const prev = tokens[index - 1];
      const next = tokens[index + 1];
      const edge = !prev || prev.kind === "or" || !next || next.kind === "or";
      if (edge || prev?.negate || next?.negate) {
        if (!hints.some((h) => h.startsWith("OR")))
          hints.push("OR는 두 낱말 사이에 쓰세요(예: 사기 OR 횡령). 짝이 없는 OR는 무시했습니다.");
        return;
      }
      joinNext = groups.length > 0;
      return;
    }
    const term = t.term as QueryTerm;
    if (t.negate) excluded.push(term);
    else if (joinNext) groups[groups.length - 1]?.push(term);
    else groups.push([term]);
    joinNext = false;
  });
  if (groups.flat().length + excluded.length > MAX_TERMS) {
    hints.push(`낱말이 많아 앞의 ${MAX_TERMS}개만 찾았습니다.`);
    let left = MAX_TERMS;
    for (const g of groups) {
      g.splice(Math.max(0, left));
      left -= g.length;
    }
    excluded.splice(Math.max(0, left));
  }
  if (groups.length === 0 && excluded.length > 0)
    hints.push("빼는 낱말만으로는 찾을 수 없습니다. 찾을 낱말을 함께 쓰세요.");
  return { groups: groups.filter((g) => g.length > 0), excluded, hints };
}

/** The query written back in its own language (the box shows it; links carry it). */
export function formatTerm(t: QueryTerm): string {
  const body = t.phrase ? `"${t.text}"` : t.text;
  return t.scope ? `${t.scope}:${body}` : body;
}
