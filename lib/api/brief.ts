import { z } from "zod";
import { BRIEF_MAX_CHARS } from "../brief/limits";
import type { BriefCaller } from "../brief/service";
import { runBriefCheck } from "../brief/service";
import { type BriefReport, STATUS_LABELS } from "../brief/types";
import { VERDICT_LABEL } from "../rag/support/types";

/**
 * `POST /api/v1/citations/check` and MCP `check_citations` (docs/api.md): a draft's citations with
 * their status against the firm's corpora, and the leading decisions its sections do not cite.
 */

export const briefCheckSchema = z.object({
  text: z.string().trim().min(1, "검증할 글(text)을 넣어 주세요.").max(BRIEF_MAX_CHARS, "서면이 너무 깁니다."),
  llm: z.boolean().optional(),
});

export interface ApiBriefCitation {
  text: string;
  caseNo: string;
  status: string;
  statusLabel: string;
  court?: string;
  date?: string;
  foundCourt?: string;
  foundDate?: string;
  caseName?: string;
  overruled: boolean;
  overruledBy?: string;
  enBanc: boolean;
  sentence: string;
  support?: { verdict: string; label: string; reason: string; quote?: string };
  url?: string;
}

export interface ApiBriefResult {
  citations: ApiBriefCitation[];
  statutes: {
    text: string;
    law?: string;
    article: string;
    paragraph?: string;
    /** Set when the statute is imported: whether it has this article. */
    exists?: boolean;
    url?: string;
    note?: string;
  }[];
  suggestions: {
    section: number;
    sectionStart: string;
    caseNo: string;
    caseName: string;
    court: string;
    decisionDate: string;
    sharedTerms: string[];
    url: string;
  }[];
  notes: string[];
}

export function apiBriefResult(report: BriefReport, baseUrl: string): ApiBriefResult {
  const abs = (path?: string) => (path ? `${baseUrl}${path}` : undefined);
  return {
    citations: report.citations.map((c) => ({
      text: c.text,
      caseNo: c.caseNo,
      status: c.status,
      statusLabel: STATUS_LABELS[c.status],
      court: c.court,
      date: c.date,
      foundCourt: c.foundCourt,
      foundDate: c.foundDate,
      caseName: c.caseName,
      overruled: Boolean(c.overruled),
      overruledBy: c.overruled,
      enBanc: c.enBanc,
      sentence: c.sentence,
      support: c.support
        ? {
            verdict: c.support.verdict,
            label: VERDICT_LABEL[c.support.verdict],
            reason: c.support.reason,
            quote: c.support.quote,
          }
        : undefined,
      url: abs(c.url),
    })),
    statutes: report.statutes.map(({ text, law, article, paragraph, exists, url, note }) => ({
      text,
      law,
      article,
      paragraph,
      exists,
      url: abs(url),
      note,
    })),
    suggestions: report.suggestions.map(({ corpusId: _corpusId, url, ...s }) => ({ ...s, url: abs(url) ?? url })),
    notes: report.notes,
  };
}

export async function apiBriefCheck(
  input: z.infer<typeof briefCheckSchema>,
  caller: BriefCaller,
  baseUrl: string,
  signal?: AbortSignal,
): Promise<ApiBriefResult> {
  return apiBriefResult(await runBriefCheck({ text: input.text, llm: input.llm, signal }, caller), baseUrl);
}
