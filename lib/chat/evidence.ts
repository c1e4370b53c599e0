import type { AnswerPart } from "../rag/citations";
import { type Chunk, type DecisionHeading, decisionHeading, type ScoredChunk } from "../text/decision";
import { decisionKey } from "../text/decision-key";

/**
 * The evidence beside an answer, one entry per decision: the reranked passages grouped by the
 * case they come from, the cases the answer cites first (in the order it cites them), then the
 * others in ranking order. A decision held by two corpora is one entry naming both.
 */

export interface EvidencePassage {
  chunk: Chunk;
  score: number;
  /** The answer links to this passage. */
  cited: boolean;
  /** Corpora holding this same passage (the first is the one `chunk` comes from). */
  corpusIds: string[];
}

export interface DecisionGroup extends DecisionHeading {
  key: string;
  /** Corpora holding the decision, in ranking order of their passages. */
  corpusIds: string[];
  bestScore: number;
  /** Position of its best-ranked passage in the ranking (0 = first). */
  rank: number;
  cited: boolean;
  /** Passages in ranking order; the same passage from two corpora appears once. */
  passages: EvidencePassage[];
}

const passageKey = (c: Chunk) => `${c.section}|${c.sectionOrder}|${c.contentHash || c.text}`;

export function citedChunkIds(parts: AnswerPart[] = []): string[] {
  const ids: string[] = [];
  for (const p of parts) if (p.type === "citation" && p.valid && !ids.includes(p.chunkId)) ids.push(p.chunkId);
  return ids;
}

export function groupEvidence(context: ScoredChunk[], parts: AnswerPart[] = []): DecisionGroup[] {
  const citedIds = citedChunkIds(parts);
  const cited = new Set(citedIds);
  const groups = new Map<string, DecisionGroup & { seen: Map<string, EvidencePassage>; ids: Set<string> }>();
  for (const [rank, { chunk, score }] of context.entries()) {
    const key = decisionKey(chunk);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        ...decisionHeading(chunk),
        corpusIds: [],
        bestScore: score,
        rank,
        cited: false,
        passages: [],
        seen: new Map(),
        ids: new Set(),
      };
      groups.set(key, group);
    }
    group.ids.add(chunk.id);
    if (!group.corpusIds.includes(chunk.corpusId)) group.corpusIds.push(chunk.corpusId);
    group.bestScore = Math.max(group.bestScore, score);
    // Metadata one corpus lacks may be known to another.
    group.caseName ||= chunk.caseName;
    group.caseType ||= chunk.caseType;
    group.decisionDate ||= chunk.decisionDate;
    const isCited = cited.has(chunk.id);
    group.cited ||= isCited;
    const same = group.seen.get(passageKey(chunk));
    if (same) {
      if (!same.corpusIds.includes(chunk.corpusId)) same.corpusIds.push(chunk.corpusId);
      same.cited ||= isCited;
      continue;
    }
    const passage = { chunk, score, cited: isCited, corpusIds: [chunk.corpusId] };
    group.seen.set(passageKey(chunk), passage);
    group.passages.push(passage);
  }
  const all = [...groups.values()];
  // Cited cases in the order the answer first cites them; the rest keep the ranking order.
  const firstCited = (g: { ids: Set<string> }) => citedIds.findIndex((id) => g.ids.has(id));
  return [
    ...all.filter((g) => g.cited).sort((a, b) => firstCited(a) - firstCited(b)),
    ...all.filter((g) => !g.cited),
  ].map(({ seen: _seen, ids: _ids, ...group }) => group);
}
