import { readStatuteRefs } from "../text/statute-ref";

/**
 * A 참조조문 list ("[1] 민법 제750조, 제756조 / [2] 민법 제396조") cut into plain text and the
 * references the one statute reader (lib/text/statute-ref.ts) finds, so the viewer can link each
 * reference of an imported statute to its article page and leave the rest as written.
 */

export type StatuteRefPart =
  | { kind: "text"; start: number; text: string }
  | { kind: "ref"; start: number; text: string; law: string; article: string; former: boolean; href: string };

/** The article page of a statute's article: "/statutes/민법/제750조". */
export function statuteHref(law: string, article: string): string {
  return `/statutes/${encodeURIComponent(law)}/${encodeURIComponent(article)}`;
}

/** "민법 제750조": the key an article's data is looked up under. */
export const statuteKey = (law: string, article: string) => `${law} ${article}`;

/**
 * `imported`: the statutes whose articles can be shown. In a 참조조문 list an article written
 * with no statute before it ("민법 제750조,\n\n제756조") is the last named statute's: the court's
 * lists name a statute once and put its other articles after it, sometimes across a line break the
 * reader does not join. In running text (`running`: a decision's body, an answer) such an article
 * ("제3조에 따라") may be of any statute, so it stays plain text.
 */
export function statuteRefParts(
  text: string,
  imported: ReadonlySet<string>,
  options: { running?: boolean } = {},
): StatuteRefPart[] {
  // Nothing to link: skip reading a long text at all.
  if (imported.size === 0) return text ? [{ kind: "text", start: 0, text }] : [];
  const parts: StatuteRefPart[] = [];
  let at = 0;
  let lastLaw: string | undefined;
  let lastFormer = false;
  for (const ref of readStatuteRefs(text)) {
    if (ref.start < at) continue;
    const law = ref.law ?? (options.running ? undefined : lastLaw);
    const former = ref.law ? ref.former : lastFormer;
    if (ref.law) {
      lastLaw = ref.law;
      lastFormer = ref.former;
    }
    if (!law || !imported.has(law)) continue;
    if (ref.start > at) parts.push({ kind: "text", start: at, text: text.slice(at, ref.start) });
    parts.push({
      kind: "ref",
      start: ref.start,
      text: ref.text,
      law,
      article: ref.article,
      former,
      href: statuteHref(law, ref.article),
    });
    at = ref.end;
  }
  if (at < text.length) parts.push({ kind: "text", start: at, text: text.slice(at) });
  return parts;
}

/** The distinct articles the parts link, in order ("민법 제750조", …). */
export function linkedArticles(parts: StatuteRefPart[]): { law: string; article: string }[] {
  const seen = new Map<string, { law: string; article: string }>();
  for (const p of parts)
    if (p.kind === "ref") seen.set(statuteKey(p.law, p.article), { law: p.law, article: p.article });
  return [...seen.values()];
}

const partEnd = (part: StatuteRefPart) => part.start + part.text.length;

export type StatuteRefLink = Extract<StatuteRefPart, { kind: "ref" }>;

/**
 * Each mark's content: the parts (which cover the marks' joined text in order) cut at the marks'
 * edges, a reference whole inside a mark as `link(part)`. One pass over both lists: a body part
 * can hold hundreds of marks and references.
 */
export function runsOfMarks<T>(
  marks: { text: string }[],
  parts: StatuteRefPart[],
  link: (part: StatuteRefLink) => T,
): (string | T)[][] {
  const out: (string | T)[][] = [];
  let k = 0;
  let from = 0;
  for (const mark of marks) {
    const to = from + mark.text.length;
    const run: (string | T)[] = [];
    // Parts ending before this mark belong to earlier ones.
    while (k < parts.length && partEnd(parts[k] as StatuteRefPart) <= from) k++;
    for (let j = k; j < parts.length; j++) {
      const part = parts[j] as StatuteRefPart;
      if (part.start >= to) break;
      const end = partEnd(part);
      if (part.kind === "ref" && part.start >= from && end <= to) run.push(link(part));
      else {
        const piece = part.text.slice(Math.max(0, from - part.start), Math.min(part.text.length, to - part.start));
        if (piece) run.push(piece);
      }
    }
    out.push(run);
    from = to;
  }
  return out;
}

/** What a statute panel shows of an article (null: the statute is imported, the article is not in it). */
export type StatutePreview = { title: string; text: string; effectiveDate: string } | null;

/**
 * The warnings a statute panel owes the lawyer: the panel shows the article in force now, which is
 * not what a 구 법 reference or a decision older than the article's 시행일자 read. Dates YYYY-MM-DD.
 */
export function statuteNotes(input: { former: boolean; decisionDate?: string; effectiveDate?: string }): string[] {
  const notes: string[] = [];
  if (input.former) notes.push("구 법 조문을 인용했습니다: 아래는 현행 조문입니다");
  else if (input.decisionDate && input.effectiveDate && input.decisionDate < input.effectiveDate)
    notes.push("현행 조문입니다: 판결 당시 조문과 다를 수 있습니다");
  return notes;
}
