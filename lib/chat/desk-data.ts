import { listCorpora } from "../db/corpora";
import { type FilterOptions, filterOptions } from "../db/decision-lookup";

export interface DeskData {
  /** Corpora with decisions to search. */
  searchable: { id: string; name: string; documentCount: number }[];
  /** Every corpus's name by id. */
  corpusNames: Record<string, string>;
  filterOptions: FilterOptions;
}

/** What every chat page needs besides the chat: the corpora and the filters' choices. */
export async function deskData(): Promise<DeskData> {
  const [corpora, options] = await Promise.all([listCorpora(), filterOptions()]);
  return {
    searchable: corpora
      .filter((c) => c.documentCount > 0)
      .map(({ id, name, documentCount }) => ({ id, name, documentCount })),
    corpusNames: Object.fromEntries(corpora.map((c) => [c.id, c.name])),
    filterOptions: options,
  };
}
