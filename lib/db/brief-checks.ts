import { type Db, db } from "./client";

/**
 * 서면 검증 results a lawyer chose to keep, scoped by owner: the report as JSON (it holds the
 * draft's citing sentences, so it is stored only when asked), a title, the 사건 폴더 if chosen.
 */

export interface BriefCheckSummary {
  id: string;
  title: string;
  citations: number;
  matterId: string | null;
  matterName: string | null;
  createdAt: Date;
}

export interface BriefCheckRecord extends BriefCheckSummary {
  /** The report as stored (JSON of lib/brief/types.ts BriefReport). */
  report: string;
}

const SUMMARY = {
  id: true,
  title: true,
  citations: true,
  matterId: true,
  createdAt: true,
  matter: { select: { name: true } },
} as const;

type Row = {
  id: string;
  title: string;
  citations: number;
  matterId: string | null;
  createdAt: Date;
  matter: { name: string } | null;
};
const summary = ({ matter, ...row }: Row): BriefCheckSummary => ({ ...row, matterName: matter?.name ?? null });

export async function saveBriefCheck(
  input: { userId: string; title: string; citations: number; report: string; matterId?: string | null },
  client: Db = db(),
): Promise<BriefCheckSummary> {
  // A 사건 폴더 must be the owner's own; another user's id is ignored.
  const matterId = input.matterId
    ? ((await client.matter.findFirst({ where: { id: input.matterId, userId: input.userId }, select: { id: true } }))
        ?.id ?? null)
    : null;
  const row = await client.briefCheck.create({
    data: { userId: input.userId, title: input.title, citations: input.citations, report: input.report, matterId },
    select: SUMMARY,
  });
  return summary(row);
}

export async function listBriefChecks(userId: string, client: Db = db(), take = 100): Promise<BriefCheckSummary[]> {
  const rows = await client.briefCheck.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    select: SUMMARY,
    take,
  });
  return rows.map(summary);
}

export async function getBriefCheck(userId: string, id: string, client: Db = db()): Promise<BriefCheckRecord | null> {
  const row = await client.briefCheck.findFirst({ where: { id, userId }, select: { ...SUMMARY, report: true } });
  return row ? { ...summary(row), report: row.report } : null;
}

/** True when the owner's check was deleted (false: none such, or someone else's). */
export async function deleteBriefCheck(userId: string, id: string, client: Db = db()): Promise<boolean> {
  return (await client.briefCheck.deleteMany({ where: { id, userId } })).count > 0;
}
