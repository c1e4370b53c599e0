import { findDocumentsForCaseNo } from "../db/case-lookup";
import { citationsFrom, citationsOf, type DecisionGraphInput, overrulingsBy, overrulingsOf } from "../db/citations";
import { decisionStatuteRefs } from "../statutes/decision-refs";
import { splitCaseNo } from "../text/case-number";
import type { CitationSource, OverruledBy, OverruleScope, PrecedentSignals } from "../text/citation-types";
import type { ParsedDecision } from "../text/decision";
import { decisionKey } from "../text/decision-key";
import { parseOverrulings } from "./overruling";
import { normalizeCourt, parseCitations } from "./parse";

/**
 * What ingestion stores for one decision: its citations, the overrulings it states and the statute
 * articles of its 참조조문 (written and deleted with the rest).
 */
export function decisionGraph(decision: ParsedDecision): DecisionGraphInput {
  const own = splitCaseNo(decision.meta.caseNo);
  return {
    caseNo: decision.meta.caseNo,
    court: normalizeCourt(decision.meta.court),
    date: decision.meta.decisionDate,
    edges: parseCitations(decision, own),
    overrulings: parseOverrulings(decision, own),
    statuteRefs: decisionStatuteRefs(decision),
  };
}

/** Two courts name the same one, or one of them is unknown (a citation that names none). */
export function courtsMatch(a: string, b: string): boolean {
  return !a || !b || normalizeCourt(a) === normalizeCourt(b);
}

interface Decision {
  caseNo: string;
  court: string;
}

function overruledByOf(decision: Decision, rows: Awaited<ReturnType<typeof overrulingsOf>>): OverruledBy[] {
  const parts = new Set(splitCaseNo(decision.caseNo));
  const out = new Map<string, OverruledBy>();
  for (const r of rows) {
    if (!parts.has(r.overruledCaseNo) || !courtsMatch(r.overruledCourt, decision.court)) continue;
    const key = `${r.overrulingCourt}|${r.overrulingCaseNo}`;
    const known = out.get(key);
    if (known && known.scope === "partial") continue;
    out.set(key, {
      caseNo: r.overrulingCaseNo,
      court: r.overrulingCourt,
      date: r.overrulingDate,
      scope: r.scope as OverruleScope,
      corpusId: r.corpusId,
    });
  }
  return [...out.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The graph's word on the decisions of an answer's context: how many decisions of the firm's
 * corpora cite each (the same citing decision in two corpora counts once), and which later
 * decisions overruled it. Two queries for the whole context.
 */
export async function precedentSignals(decisions: Decision[]): Promise<PrecedentSignals> {
  const parts = [...new Set(decisions.flatMap((d) => splitCaseNo(d.caseNo)))];
  const [citations, overrulings] = await Promise.all([citationsOf(parts), overrulingsOf(parts)]);
  const out: PrecedentSignals = {};
  for (const d of decisions) {
    const key = decisionKey(d);
    if (out[key]) continue;
    const own = new Set(splitCaseNo(d.caseNo));
    const citing = new Set(
      citations
        .filter((c) => own.has(c.citedCaseNo) && courtsMatch(c.citedCourt, d.court))
        .map((c) => decisionKey({ court: c.citingCourt, caseNo: c.citingCaseNo })),
    );
    out[key] = { citedBy: citing.size, overruledBy: overruledByOf(d, overrulings) };
  }
  return out;
}

export interface GraphLink {
  caseNo: string;
  court: string;
  date: string;
  /** Where the viewer can open it (absent: no corpus holds it). */
  corpusId?: string;
  caseName?: string;
}

export interface ViewerGraph {
  /** What the decision cites, 참조판례 first, each case once (a joined citation's parts together). */
  references: (GraphLink & { source: CitationSource; enBanc: boolean })[];
  /** Decisions of the firm's corpora that cite it, newest first. */
  citedBy: GraphLink[];
  overruledBy: OverruledBy[];
  /** Earlier decisions it overrules. */
  overrules: (GraphLink & { scope: OverruleScope })[];
}

async function holder(caseNo: string, court: string): Promise<{ corpusId: string; caseName: string } | undefined> {
  const docs = await findDocumentsForCaseNo(caseNo);
  const doc = docs.find((d) => courtsMatch(d.court, court));
  return doc ? { corpusId: doc.corpusId, caseName: doc.caseName } : undefined;
}

/** The precedent viewer's view of one stored decision in the graph. */
export async function viewerGraph(doc: { corpusId: string; caseNo: string; court: string }): Promise<ViewerGraph> {
  const parts = splitCaseNo(doc.caseNo);
  const [cites, citing, overruled, overrules] = await Promise.all([
    citationsFrom(doc.corpusId, doc.caseNo),
    citationsOf(parts),
    overrulingsOf(parts),
    overrulingsBy(doc.corpusId, doc.caseNo),
  ]);
  const references = await Promise.all(
    cites
      .sort((a, b) => (a.source === b.source ? 0 : a.source === "참조판례" ? -1 : 1))
      .map(async (c) => ({
        caseNo: c.citedCaseNo,
        court: c.citedCourt,
        date: c.citedDate,
        source: c.source as CitationSource,
        enBanc: c.enBanc,
        ...(await holder(c.citedCaseNo, c.citedCourt)),
      })),
  );
  const seen = new Set<string>();
  const citedBy: GraphLink[] = [];
  for (const c of citing.sort((a, b) => b.citingDate.localeCompare(a.citingDate))) {
    if (!courtsMatch(c.citedCourt, doc.court)) continue;
    const key = decisionKey({ court: c.citingCourt, caseNo: c.citingCaseNo });
    if (seen.has(key)) continue;
    seen.add(key);
    const docs = await findDocumentsForCaseNo(c.citingCaseNo);
    citedBy.push({
      caseNo: c.citingCaseNo,
      court: c.citingCourt,
      date: c.citingDate,
      corpusId: c.corpusId,
      caseName: docs.find((d) => d.corpusId === c.corpusId)?.caseName ?? "",
    });
  }
  return {
    references,
    citedBy,
    overruledBy: overruledByOf(doc, overruled),
    overrules: await Promise.all(
      overrules.map(async (o) => ({
        caseNo: o.overruledCaseNo,
        court: o.overruledCourt,
        date: o.overruledDate,
        scope: o.scope as OverruleScope,
        ...(await holder(o.overruledCaseNo, o.overruledCourt)),
      })),
    ),
  };
}
