import { AppError } from "../errors";
import { canonicalCourt } from "../text/court-name";
import {
  type DecisionMeta,
  type DecisionSection,
  type ParsedDecision,
  SECTIONS,
  type SectionName,
} from "../text/decision";
import { normalizeBody, normalizeReferenceList } from "../text/normalize";

export type RawSections = { name: string; text: string }[];

/** Heading spellings seen in the wild, mapped to the canonical section names. */
const ALIASES: Record<string, SectionName> = {
  판시사항: "판시사항",
  판결요지: "판결요지",
  결정요지: "판결요지",
  요지: "판결요지",
  참조조문: "참조조문",
  참조법령: "참조조문",
  참조판례: "참조판례",
  판례내용: "판례내용",
  전문: "판례내용",
  판결이유: "판례내용",
};

export function canonicalSection(heading: string): SectionName | undefined {
  const key = heading.replace(/[\s【】[\]()<>:：#]/g, "");
  return ALIASES[key];
}

const DATE = /^(\d{4})[-.\s]+(\d{1,2})[-.\s]+(\d{1,2})\.?$/;

export function normalizeDate(value: string): string {
  const m = DATE.exec(value.trim());
  if (!m) return value.trim();
  return `${m[1]}-${m[2]?.padStart(2, "0")}-${m[3]?.padStart(2, "0")}`;
}

/**
 * Validates and normalises a parsed decision: canonical section names in document order, reference
 * lists rejoined, empty sections dropped. A decision needs a 사건번호 and at least one section.
 */
export function buildDecision(meta: DecisionMeta, raw: RawSections, sourcePath?: string): ParsedDecision {
  const caseNo = meta.caseNo.replace(/\s+/g, " ").trim();
  if (!caseNo) throw new AppError("ingest:bad_file", { userMessage: "사건번호가 없습니다.", detail: sourcePath });
  const byName = new Map<SectionName, string[]>();
  for (const section of raw) {
    const name = canonicalSection(section.name);
    if (!name) continue;
    const text =
      name === "참조조문" || name === "참조판례" ? normalizeReferenceList(section.text) : normalizeBody(section.text);
    if (text) byName.set(name, [...(byName.get(name) ?? []), text]);
  }
  const sections: DecisionSection[] = SECTIONS.filter((n) => byName.has(n)).map((name) => ({
    name,
    text: (byName.get(name) ?? []).join("\n\n"),
  }));
  if (sections.length === 0) {
    throw new AppError("ingest:bad_file", {
      userMessage: "판시사항·판결요지·판례내용 등 판례 본문을 찾지 못했습니다.",
      detail: sourcePath,
    });
  }
  return {
    meta: {
      ...meta,
      caseNo,
      // One name per court in facets, filters and links ("서울고법" and "서울고등법원" are one court).
      court: canonicalCourt(meta.court),
      decisionDate: normalizeDate(meta.decisionDate),
      // Some sources write a missing name as the word "null": no name, not a name.
      caseName: /^(null|undefined|none)$/i.test(meta.caseName.trim()) ? "" : meta.caseName.trim(),
    },
    sections,
    sourcePath,
  };
}
