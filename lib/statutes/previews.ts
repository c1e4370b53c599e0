import { findArticle, listLaws } from "./lookup";
import { linkedArticles, type StatutePreview, statuteKey, statuteRefParts } from "./ref-parts";

/** Articles looked up for one decision's panels at most: a 참조조문 list is short; this bounds a freak. */
const MAX_PREVIEWS = 80;

/**
 * What the viewer needs to link a decision's 참조조문: the imported statutes' names and, for each
 * article the texts cite, its title, text and 시행일자 (null: not in the imported statute).
 */
export async function statutePreviews(
  texts: string[],
): Promise<{ imported: string[]; previews: Record<string, StatutePreview> }> {
  if (texts.length === 0) return { imported: [], previews: {} };
  const imported = await listLaws();
  if (imported.length === 0) return { imported, previews: {} };
  const laws = new Set(imported);
  const wanted = texts.flatMap((t) => linkedArticles(statuteRefParts(t, laws))).slice(0, MAX_PREVIEWS);
  const found = await Promise.all(wanted.map((w) => findArticle(w.law, w.article)));
  const previews: Record<string, StatutePreview> = {};
  wanted.forEach((w, i) => {
    const a = found[i];
    previews[statuteKey(w.law, w.article)] = a
      ? { title: a.title, text: a.text, effectiveDate: a.effectiveDate }
      : null;
  });
  return { imported, previews };
}
