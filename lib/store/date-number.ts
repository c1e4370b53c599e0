/**
 * YYYY-MM-DD → 20190131 (0 when unknown): a date range is then two integer comparisons, in the
 * embedded index's decision columns (doc-table.ts) and in Qdrant's payload alike.
 */
export const dateNumber = (date: string) => Number(date.replace(/\D/g, "").padEnd(8, "0").slice(0, 8)) || 0;
