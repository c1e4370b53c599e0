import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { CitedDecisions } from "@/components/statutes/cited-decisions";
import { StatuteArticle } from "@/components/statutes/statute-article";
import { citedPage } from "@/lib/statutes/cited-page";
import { findArticle, statuteHistory } from "@/lib/statutes/lookup";
import { decodePathSegmentStrict } from "@/lib/util/path-segment";
import { requirePageUser } from "../../../../(auth)/auth";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ law: string; article: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const Segments = z.object({ law: z.string().min(1).max(100), article: z.string().min(1).max(40) });

// Paging and order of the citing decisions; anything odd falls back to the first page, newest first.
const Query = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  order: z.enum(["new", "old"]).catch("new"),
});

function segments(raw: { law: string; article: string }) {
  const law = decodePathSegmentStrict(raw.law);
  const article = decodePathSegmentStrict(raw.article);
  const parsed = Segments.safeParse({ law: law?.trim(), article: article?.replace(/\s/g, "") });
  return parsed.success ? parsed.data : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const s = segments(await params);
  return { title: s ? `${s.law} ${s.article}` : "조문" };
}

export default async function StatuteArticlePage({ params, searchParams }: Props) {
  await requirePageUser();
  const s = segments(await params);
  if (!s) notFound();
  const article = await findArticle(s.law, s.article);
  // An unknown statute or article: not-found.tsx beside this page says so plainly (404).
  if (!article) notFound();
  const query = Query.parse(await searchParams);
  const [history, cited] = await Promise.all([
    statuteHistory(article.law),
    citedPage(article.law, article.number, query.page, query.order),
  ]);
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 p-4 sm:p-6" data-testid="statute-page">
      <StatuteArticle article={article} history={history?.versions.map((h) => h.effectiveDate) ?? []} />
      <CitedDecisions law={article.law} article={article.number} cited={cited} order={query.order} />
    </main>
  );
}
