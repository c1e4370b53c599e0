import { recordAudit } from "../db/audit";
import {
  type BriefCheckSummary,
  deleteBriefCheck,
  getBriefCheck,
  listBriefChecks,
  saveBriefCheck,
} from "../db/brief-checks";
import { AppError } from "../errors";
import type { BriefReport } from "./types";

/**
 * Saved 서면 검증 results: kept only when the lawyer chooses (a report holds the draft's sentences),
 * listed and deleted by their owner alone; saving and deleting are audited without the text.
 */

export interface BriefOwner {
  id: string;
  email: string;
}

export async function saveBriefReport(
  owner: BriefOwner,
  report: BriefReport,
  title: string,
  matterId?: string | null,
): Promise<BriefCheckSummary> {
  const name = title.trim().slice(0, 120) || "제목 없는 서면";
  const saved = await saveBriefCheck({
    userId: owner.id,
    title: name,
    citations: report.citations.length,
    report: JSON.stringify(report),
    matterId,
  });
  await recordAudit({ actor: owner, action: "brief.save", detail: `인용 ${report.citations.length}건` });
  return saved;
}

export const listBriefReports = (owner: BriefOwner) => listBriefChecks(owner.id);

export async function loadBriefReport(
  owner: BriefOwner,
  id: string,
): Promise<BriefCheckSummary & { report: BriefReport }> {
  const row = await getBriefCheck(owner.id, id);
  if (!row) throw new AppError("brief:not_found");
  return { ...row, report: JSON.parse(row.report) as BriefReport };
}

export async function deleteBriefReport(owner: BriefOwner, id: string): Promise<void> {
  if (!(await deleteBriefCheck(owner.id, id))) throw new AppError("brief:not_found");
  await recordAudit({ actor: owner, action: "brief.delete", detail: "저장한 서면 검증 삭제" });
}
