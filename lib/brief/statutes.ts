import { articleExists, listLaws } from "../statutes/lookup";
import { statuteHref } from "../statutes/ref-parts";
import { type BriefStatute, STATUTE_CHECKED_NOTE, STATUTE_MISSING_NOTE, STATUTE_NOTE } from "./types";

/** Distinct articles looked up at most: a draft citing more is listed beyond that, not checked. */
const MAX_CHECKED = 500;

/**
 * The draft's statute references against the imported statutes: an article of an imported statute
 * gets `exists` (and its page when it does, "없는 조문입니다" when not); one of a statute not
 * imported is only listed. With no statute imported at all, the report says so, as before.
 */
export async function checkStatutes(refs: BriefStatute[]): Promise<{ statutes: BriefStatute[]; notes: string[] }> {
  if (refs.length === 0) return { statutes: refs, notes: [] };
  const imported = new Set(await listLaws());
  if (imported.size === 0) return { statutes: refs, notes: [STATUTE_NOTE] };
  const keys = [...new Set(refs.filter((r) => r.law && imported.has(r.law)).map((r) => `${r.law}\u0000${r.article}`))];
  const found = new Map<string, boolean>();
  await Promise.all(
    keys.slice(0, MAX_CHECKED).map(async (key) => {
      const [law = "", article = ""] = key.split("\u0000");
      found.set(key, await articleExists(law, article));
    }),
  );
  const statutes = refs.map((r): BriefStatute => {
    const exists = r.law ? found.get(`${r.law}\u0000${r.article}`) : undefined;
    if (exists === undefined || !r.law) return r;
    return exists ? { ...r, exists, url: statuteHref(r.law, r.article) } : { ...r, exists, note: STATUTE_MISSING_NOTE };
  });
  return { statutes, notes: [STATUTE_CHECKED_NOTE] };
}
