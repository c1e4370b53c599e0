/**
 * Prisma keeps the compiled plan of each distinct query shape, up to 1,000 single queries and 1,000
 * batch transactions per client by default. A batch's plan is as big as the batch: measured with
 * transactions of 500 document upserts (a shape seldom seen twice), the heap after garbage
 * collection grew 43 → 452 MB over 29 transactions, and to 49 MB with no cache, at the same speed.
 * The app's own shapes are far fewer than this bound (an import of 20,000 decisions in batches of 32
 * kept its memory flat at ~510 MB either way), and turning the cache off made that import 60%
 * slower: so it stays on, bounded.
 */
export const QUERY_PLAN_CACHE_SIZE = 256;
