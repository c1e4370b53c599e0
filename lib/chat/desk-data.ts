import { listCorpora } from "../db/corpora";
import { corpusHasAtoms } from "../db/corpus-enrichment";
import { type FilterOptions, filterOptions } from "../db/decision-lookup";
import { listLaws } from "../statutes/lookup";

export interface DeskData {
  /** Corpora with decisions to search. */
  searchable: { id: string; name: string; documentCount: number; atomic: boolean }[];
  /** Every corpus's name by id. */
  corpusNames: Record<string, string>;
  filterOptions: FilterOptions;
  /** The imported statutes: an answer's references to them link to their articles. */
  laws: string[];
}

/** What every chat page needs besides the chat: the corpora, the filters' choices, the statutes. */
export async function deskData(): Promise<DeskData> {
  const [corpora, options, laws] = await Promise.all([listCorpora(), filterOptions(), listLaws()]);
  const withDocuments = corpora.filter((c) => c.documentCount > 0);
  // The strategy picker offers the atomic strategy only where there are atomic questions to search.
  const atomic = await Promise.all(withDocuments.map((c) => corpusHasAtoms(c.id)));
  return {
    searchable: withDocuments.map(({ id, name, documentCount }, i) => ({
      id,
      name,
      documentCount,
      atomic: atomic[i] ?? false,
    })),
    corpusNames: Object.fromEntries(corpora.map((c) => [c.id, c.name])),
    filterOptions: options,
    laws,
  };
}
