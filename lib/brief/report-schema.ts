import { z } from "zod";
import type { BriefReport } from "./types";

/**
 * A 서면 검증 report as the page sends it back (for the Word file, or to save it): checked loosely —
 * the shape the writers read, with bounded strings — since it is the lawyer's own report echoed
 * back; anything it cannot be is refused before it reaches the Word writer or the database.
 */

const text = (max: number) => z.string().max(max);
const STATUSES = ["found", "date_mismatch", "court_mismatch", "not_found"] as const;

const citation = z.object({
  text: text(2_000),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  caseNo: text(200),
  status: z.enum(STATUSES),
  court: text(200).optional(),
  date: text(40).optional(),
  foundCaseNo: text(200).optional(),
  foundCourt: text(200).optional(),
  foundDate: text(40).optional(),
  caseName: text(2_000).optional(),
  corpusId: text(64).optional(),
  overruled: text(2_000).optional(),
  enBanc: z.boolean(),
  sentence: text(10_000),
  support: z
    .object({
      verdict: z.enum(["supported", "partly", "unsupported"]),
      reason: text(5_000),
      quote: text(10_000).optional(),
      method: z.enum(["lexical", "cosine", "llm"]),
    })
    .optional(),
  url: text(2_000).optional(),
});

const statute = z.object({
  text: text(2_000),
  start: z.number().int().min(0),
  law: text(200).optional(),
  article: text(100),
  paragraph: text(100).optional(),
  former: z.boolean(),
  exists: z.boolean().optional(),
  url: text(2_000).optional(),
  note: text(200).optional(),
});

const suggestion = z.object({
  section: z.number().int().min(0),
  sectionStart: text(500),
  caseNo: text(200),
  caseName: text(2_000),
  court: text(200),
  decisionDate: text(40),
  corpusId: text(64),
  sharedTerms: z.array(text(200)).max(50),
  url: text(2_000),
});

export const briefReportSchema: z.ZodType<BriefReport> = z.object({
  chars: z.number().int().min(0),
  citations: z.array(citation).max(1_000),
  statutes: z.array(statute).max(5_000),
  suggestions: z.array(suggestion).max(500),
  notes: z.array(text(2_000)).max(100),
  ms: z.number().min(0),
});

/** The title a report is saved or exported under. */
export const briefTitleSchema = z.string().trim().max(120, "제목은 120자 이내로 적어 주세요.");
