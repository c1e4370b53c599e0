import { readCaseCitations } from "../text/case-citation";

/**
 * The case citations a 판례 검색 query holds, read by the one citation reader in any form a lawyer
 * pastes ("대법원 1995. 2. 3. 선고 94다42778 판결", "2009 다 228", "94므826, 833"): their numbers,
 * whose decisions the results open with, and the query without them — what still searches. A number
 * excluded ("-2009다228") or inside a quoted phrase stays part of the query as typed.
 */
export interface CitedQuery {
  caseNos: string[];
  /** The query with the citations taken out: the other words. */
  rest: string;
  /**
   * What to search for: the other words; or, for a query that is only citations, the numbers
   * themselves (either of them), so the decisions citing them follow the cited ones.
   */
  search: string;
}

export function citedQuery(q: string): CitedQuery {
  const caseNos: string[] = [];
  let rest = "";
  let at = 0;
  for (const c of readCaseCitations(q)) {
    const before = q.slice(0, c.start);
    const quoted = (before.match(/"/g)?.length ?? 0) % 2 === 1;
    if (quoted || /-\s*$/.test(before) || /:\s*$/.test(before)) continue;
    rest += `${q.slice(at, c.start)} `;
    at = c.end;
    for (const n of c.caseNos) if (!caseNos.includes(n)) caseNos.push(n);
  }
  rest = (rest + q.slice(at)).replace(/\s+/g, " ").trim();
  // Left over from a citation written in full: its brackets, "등 참조", separators.
  const words = rest
    .replace(/[()[\]（）,，.·;]|등\s*참조|참조/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const search = caseNos.length === 0 ? q : words || caseNos.join(" OR ");
  return { caseNos, rest: caseNos.length === 0 ? q : words, search };
}
