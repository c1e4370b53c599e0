import { readFileSync } from "node:fs";
import { parseOverrulings } from "@/lib/citations/overruling";
import { parseCitations } from "@/lib/citations/parse";
import { splitCaseNo } from "@/lib/ingest/case-number";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import { referencedCaseNumbers } from "@/lib/rag/highlight";

const decisions = listInputFiles("/work/shared/data/precedents").flatMap((f) =>
  parseFile(f.name, readFileSync(f.path)).decisions.map((d) => ({ d, path: f.name })),
);
const inCorpus = new Map<string, string>();
for (const { d } of decisions) for (const p of splitCaseNo(d.meta.caseNo)) inCorpus.set(p, d.meta.caseNo);
let edges = 0,
  refEdges = 0,
  bodyEdges = 0,
  internal = 0,
  noDate = 0,
  noCourt = 0;
const t0 = performance.now();
const internalList: string[] = [];
const courts = new Map<string, number>();
let missingVsChips = 0;
for (const { d } of decisions) {
  const own = splitCaseNo(d.meta.caseNo);
  const e = parseCitations(d, own);
  const o = parseOverrulings(d, own);
  if (o.length) console.log("OVERRULING", d.meta.caseNo, o);
  const chips = referencedCaseNumbers(d.sections.find((s) => s.name === "참조판례")?.text ?? "");
  for (const c of chips)
    if (!e.some((x) => x.caseNo === c) && !own.includes(c)) {
      missingVsChips++;
      console.log("missing", d.meta.caseNo, c);
    }
  edges += e.length;
  for (const x of e) {
    if (x.source === "참조판례") refEdges++;
    else bodyEdges++;
    if (!x.date) noDate++;
    if (!x.court) noCourt++;
    courts.set(x.court, (courts.get(x.court) ?? 0) + 1);
    if (inCorpus.has(x.caseNo)) {
      internal++;
      internalList.push(`${d.meta.caseNo} -> ${x.caseNo} [${x.source}] ${x.court} ${x.date}`);
    }
  }
}
console.log({
  decisions: decisions.length,
  edges,
  refEdges,
  bodyEdges,
  internal,
  noDate,
  noCourt,
  missingVsChips,
  ms: Math.round(performance.now() - t0),
});
console.log([...courts.entries()]);
console.log(internalList.slice(0, 40).join("\n"));
for (const { d } of decisions) {
  const e = parseCitations(d, splitCaseNo(d.meta.caseNo));
  for (const x of e) if (!x.date || !x.court) console.log("NODATE/COURT", d.meta.caseNo, JSON.stringify(x));
}
for (const { d } of decisions) {
  const e = parseCitations(d, splitCaseNo(d.meta.caseNo));
  for (const x of e)
    if (x.court === "서울고등법원" || x.court === "헌법재판소" || d.meta.caseNo.startsWith("94므895"))
      console.log("COURT", d.meta.caseNo, JSON.stringify(x));
}
