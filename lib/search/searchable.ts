import { listCorpora } from "../db/corpora";
import { assertSearchable } from "../rag/index-version";

/**
 * 판례 검색, 비슷한 판례, the API's and MCP's search refuse a corpus indexed by another tokenizer
 * version, as the chat and the evaluation do: its stored tokens no longer match the query's, and it
 * would answer badly without saying so. The same plain message ("다시 색인") everywhere.
 */
export async function assertSearchScope(corpusIds?: string[]): Promise<void> {
  const corpora = await listCorpora();
  assertSearchable(corpusIds?.length ? corpora.filter((c) => corpusIds.includes(c.id)) : corpora);
}
