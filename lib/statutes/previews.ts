import { findArticle, listLaws } from "./lookup";
import { linkedArticles, type StatutePreview, statuteKey, statuteRefParts } from "./ref-parts";

/**
 * Articles looked up for one part of a decision's panels at most: a 참조조문 list is short and a
 * part's body cites a few dozen; this bounds a freak. An article past it links without a panel.
 */
const MAX_PREVIEWS = 120;

/**
 * What the viewer needs to link a decision's statute references: the imported statutes' names and,
 * for each article the texts cite, its title, text and 시행일자 (null: not in the imported
 * statute). `lists` are 참조조문 sections, `running` the other sections of the part shown (a bare
 * "제3조" there is of no known statute). Nothing is read when no statute is imported.
 */
export async function statutePreviews(
  lists: string[],
  running: string[] = [],
): Promise<{ imported: string[]; previews: Record<string, StatutePreview> }> {
  if (lists.length === 0 && running.length === 0) return { imported: [], previews: {} };
  const imported = await listLaws();
  if (imported.length === 0) return { imported, previews: {} };
  const laws = new Set(imported);
  const wanted = new Map<string, { law: string; article: string }>();
  const cited = [
    ...lists.flatMap((t) => linkedArticles(statuteRefParts(t, laws))),
    ...running.flatMap((t) => linkedArticles(statuteRefParts(t, laws, { running: true }))),
  ];
  for (const a of cited) {
    if (wanted.size >= MAX_PREVIEWS) break;
    wanted.set(statuteKey(a.law, a.article), a);
  }
  const list = [...wanted.values()];
  const found = await Promise.all(list.map((w) => findArticle(w.law, w.article)));
  const previews: Record<string, StatutePreview> = {};
  list.forEach((w, i) => {
    const a = found[i];
    previews[statuteKey(w.law, w.article)] = a
      ? { title: a.title, text: a.text, effectiveDate: a.effectiveDate }
      : null;
  });
  return { imported, previews };
}
