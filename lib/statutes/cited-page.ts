import { citedByDecisions } from "./lookup";

export const CITED_PAGE_SIZE = 20;

export type CitedOrder = "new" | "old";

/**
 * One page of the decisions citing an article, newest first or oldest first. The lookup pages
 * newest first only, so the oldest-first page N is read from the end of that order and turned
 * round; each page is also sorted by date here, whatever order the lookup keeps among ties.
 */
export async function citedPage(
  law: string,
  article: string,
  page: number,
  order: CitedOrder,
  size = CITED_PAGE_SIZE,
): Promise<Awaited<ReturnType<typeof citedByDecisions>> & { page: number; pages: number }> {
  const first = await citedByDecisions(law, article, { take: order === "new" ? size : 0, skip: 0 });
  const pages = Math.max(1, Math.ceil(first.total / size));
  const at = Math.min(Math.max(1, page), pages);
  let decisions = first.decisions;
  if (order === "new" && at > 1) {
    decisions = (await citedByDecisions(law, article, { take: size, skip: (at - 1) * size })).decisions;
  } else if (order === "old") {
    const skip = Math.max(0, first.total - at * size);
    const take = Math.min(size, first.total - (at - 1) * size);
    decisions = take > 0 ? (await citedByDecisions(law, article, { take, skip })).decisions : [];
  }
  const sign = order === "new" ? -1 : 1;
  const sorted = [...decisions].sort((a, b) => sign * a.decisionDate.localeCompare(b.decisionDate));
  return { total: first.total, decisions: sorted, page: at, pages };
}
