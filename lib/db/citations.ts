import type { CitationEdge, OverrulingEdge } from "../text/citation-types";
import { type Db, db } from "./client";
import { statuteRefOps } from "./statutes";

/**
 * The citation graph's rows (schema: CitationEdge, Overruling). A decision's rows are replaced
 * whole whenever it is indexed again, in the same transaction for a batch of decisions — an
 * import's in the very transaction that records the decisions' documents (commitDecisions).
 */

export interface DecisionGraphInput {
  caseNo: string;
  court: string;
  date: string;
  edges: CitationEdge[];
  overrulings: OverrulingEdge[];
  /** The statutes its 참조조문 names (DecisionStatuteRef), replaced with the rest. */
  statuteRefs?: { law: string; article: string }[];
}

export async function replaceDecisionGraphs(
  corpusId: string,
  decisions: DecisionGraphInput[],
  client: Db = db(),
): Promise<void> {
  if (decisions.length === 0) return;
  await client.$transaction([...decisionGraphOps(corpusId, decisions, client)]);
}

/**
 * The write of a batch's graph rows (citations, overrulings, 참조조문 links), for a caller's
 * transaction: replaceDecisionGraphs, and an import's commit (lib/db/corpora.ts commitDecisions),
 * which writes them in the transaction that records the documents.
 */
export function decisionGraphOps(corpusId: string, decisions: DecisionGraphInput[], client: Db = db()) {
  const caseNos = decisions.map((d) => d.caseNo);
  return [
    client.citationEdge.deleteMany({ where: { corpusId, citingCaseNo: { in: caseNos } } }),
    client.overruling.deleteMany({ where: { corpusId, overrulingCaseNo: { in: caseNos } } }),
    client.citationEdge.createMany({
      data: decisions.flatMap((d) =>
        d.edges.map((e) => ({
          corpusId,
          citingCaseNo: d.caseNo,
          citingCourt: d.court,
          citingDate: d.date,
          citedCaseNo: e.caseNo,
          citedCourt: e.court,
          citedDate: e.date,
          source: e.source,
          enBanc: e.enBanc,
        })),
      ),
    }),
    client.overruling.createMany({
      data: decisions.flatMap((d) =>
        d.overrulings.map((o) => ({
          corpusId,
          overrulingCaseNo: d.caseNo,
          overrulingCourt: d.court,
          overrulingDate: d.date,
          overruledCaseNo: o.caseNo,
          overruledCourt: o.court,
          overruledDate: o.date,
          scope: o.scope,
        })),
      ),
    }),
    ...statuteRefOps(
      corpusId,
      decisions.map((d) => ({ caseNo: d.caseNo, refs: d.statuteRefs ?? [] })),
      client,
    ),
  ] as const;
}

/** Citations of any of these (normalised, single) case numbers, from every corpus. */
export async function citationsOf(caseParts: string[], client: Db = db()) {
  if (caseParts.length === 0) return [];
  return client.citationEdge.findMany({ where: { citedCaseNo: { in: caseParts } } });
}

/** Overrulings of any of these case numbers, from every corpus. */
export async function overrulingsOf(caseParts: string[], client: Db = db()) {
  if (caseParts.length === 0) return [];
  return client.overruling.findMany({ where: { overruledCaseNo: { in: caseParts } } });
}

/** What one stored decision cites, in the order parsed. */
export async function citationsFrom(corpusId: string, caseNo: string, client: Db = db()) {
  return client.citationEdge.findMany({ where: { corpusId, citingCaseNo: caseNo }, orderBy: { id: "asc" } });
}

/** The decisions one stored decision overrules. */
export async function overrulingsBy(corpusId: string, caseNo: string, client: Db = db()) {
  return client.overruling.findMany({ where: { corpusId, overrulingCaseNo: caseNo } });
}

export async function graphCounts(corpusId: string, client: Db = db()) {
  const [edges, overrulings] = await Promise.all([
    client.citationEdge.count({ where: { corpusId } }),
    client.overruling.count({ where: { corpusId } }),
  ]);
  return { edges, overrulings };
}
