import { decisionHref } from "../chat/citation-links";
import { precedentSignals } from "../citations/graph";
import { type CaseDocument, findDocumentsForCaseNos } from "../db/case-lookup";
import { AppError } from "../errors";
import { yieldIfBusy } from "../jobs/time-slice";
import type { VectorStore } from "../store/types";
import { type CaseCitation, readCaseCitations } from "../text/case-citation";
import { describeOverruling } from "../text/citation-types";
import { normalizeCourt } from "../text/court-name";
import { decisionKey } from "../text/decision-key";
import { splitSentences } from "../text/sentences";
import { readStatuteRefs } from "../text/statute-ref";
import { BRIEF_MAX_CHARS } from "./limits";
import { checkStatutes } from "./statutes";
import { suggestForSections } from "./suggest";
import { type SupportDeps, supportOfCitations } from "./support";
import type { BriefCitation, BriefCitationStatus, BriefReport } from "./types";

/**
 * 서면 검증 (issue 35): every citation of a lawyer's draft, in document order, read by the one
 * citation reader — its status against the firm's corpora (found, a date or court that differs,
 * not found), 판례 변경 and 전원합의체 marks from the citation graph, the sentence citing it and
 * whether the decision supports that sentence; the statutes it cites; and leading decisions its
 * sections do not cite. Nothing here logs or stores the draft, and nothing sends it to a model
 * unless `deps.generate` is given (the lawyer asked for the model's verification).
 */

export interface BriefDeps extends SupportDeps {
  store: VectorStore;
  /** Suggestions for the draft's sections (함께 검토할 판례); on by default. */
  suggestions?: boolean;
}

/** Numbers checked at most; a longer list is cut and the report says so. */
export const MAX_BRIEF_CITATIONS = 600;
const SENTENCE_CHARS = 400;

function chooseDocument(docs: CaseDocument[] | undefined, written: CaseCitation): CaseDocument | undefined {
  if (!docs?.length) return undefined;
  const court = written.court;
  return (court && docs.find((d) => normalizeCourt(d.court) === court)) || docs[0];
}

function statusOf(c: CaseCitation, doc: CaseDocument | undefined): BriefCitationStatus {
  if (!doc) return "not_found";
  if (c.court && normalizeCourt(doc.court) !== c.court) return "court_mismatch";
  if (c.date && doc.decisionDate && c.date !== doc.decisionDate) return "date_mismatch";
  return "found";
}

export async function checkBrief(draft: string, deps: BriefDeps): Promise<BriefReport> {
  const started = performance.now();
  const text = draft.replace(/\r\n?/g, "\n");
  if (!text.trim()) throw new AppError("brief:empty");
  if (text.length > BRIEF_MAX_CHARS) throw new AppError("brief:too_long", { detail: `${text.length}` });
  const notes: string[] = [];

  const read = readCaseCitations(text, { inherit: "adjacent" });
  let numbers = read.flatMap((c) => c.numbers.map((n) => ({ citation: c, number: n })));
  if (numbers.length > MAX_BRIEF_CITATIONS) {
    notes.push(`인용이 많아 앞의 ${MAX_BRIEF_CITATIONS}건만 확인했습니다 (전체 ${numbers.length}건).`);
    numbers = numbers.slice(0, MAX_BRIEF_CITATIONS);
  }
  const docs = await findDocumentsForCaseNos([...new Set(numbers.map((n) => n.number.caseNo))]);
  const chosen = numbers.map(({ citation, number }) => chooseDocument(docs.get(number.caseNo), citation));

  // 판례 변경: for decisions found, and for numbers no corpus holds (a later decision may say so).
  const keyed = numbers.map(({ citation, number }, i) => {
    const doc = chosen[i];
    return doc
      ? { court: doc.court, caseNo: doc.caseNo }
      : { court: citation.court ?? "대법원", caseNo: number.caseNo };
  });
  const signals = await precedentSignals(keyed);

  const ranges = splitSentences(text);
  const sentenceAt = (at: number) => {
    const r = ranges.find((x) => at < x.end) ?? ranges.at(-1);
    return r ? text.slice(r.start, r.end).replace(/\s+/g, " ").trim().slice(0, SENTENCE_CHARS) : "";
  };

  const citations: BriefCitation[] = numbers.map(({ citation, number }, i) => {
    const doc = chosen[i];
    const by = signals[decisionKey(keyed[i] as { court: string; caseNo: string })]?.overruledBy ?? [];
    return {
      text: citation.text,
      start: number.start,
      end: number.end,
      caseNo: number.caseNo,
      status: statusOf(citation, doc),
      ...(citation.court ? { court: citation.court } : {}),
      ...(citation.date ? { date: citation.date } : {}),
      ...(doc
        ? {
            foundCaseNo: doc.caseNo,
            foundCourt: doc.court,
            foundDate: doc.decisionDate,
            caseName: doc.caseName,
            corpusId: doc.corpusId,
            url: decisionHref(doc.caseNo, doc.corpusId),
          }
        : {}),
      ...(by.length ? { overruled: by.map((b) => `${describeOverruling(b)}로 변경`).join(", ") } : {}),
      enBanc: doc?.enBanc === true || citation.enBanc,
      sentence: sentenceAt(number.start),
    };
  });
  await yieldIfBusy();

  const support = await supportOfCitations(text, citations, deps);
  for (const c of citations) {
    const judged = support.get(c.start);
    if (judged) c.support = judged;
  }
  if (deps.notes?.length) notes.push(...deps.notes);

  const checked = await checkStatutes(
    readStatuteRefs(text).map((r) => ({
      text: r.text,
      start: r.start,
      ...(r.law ? { law: r.law } : {}),
      article: r.article,
      ...(r.paragraph ? { paragraph: r.paragraph } : {}),
      former: r.former,
    })),
  );
  const statutes = checked.statutes;
  notes.push(...checked.notes);

  const cited = new Set(citations.map((c) => c.caseNo));
  const suggestions = deps.suggestions === false ? [] : await suggestForSections(text, cited, deps.store);
  return { chars: text.length, citations, statutes, suggestions, notes, ms: Math.round(performance.now() - started) };
}
