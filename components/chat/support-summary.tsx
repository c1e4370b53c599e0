import { type SupportReport, VERDICT_LABEL } from "@/lib/rag/support/types";

const METHOD = { llm: "검증 모델", cosine: "의미 유사도", lexical: "어휘 비교" } as const;

/** Under the answer: how its citations fared in the support check, and what the check could use. */
export function SupportSummary({ report }: { report: SupportReport }) {
  if (report.status !== "done") return null;
  const count = (v: keyof typeof VERDICT_LABEL) => report.citations.filter((c) => c.verdict === v).length;
  const methods = ["어휘 비교", ...report.methods.map((m) => METHOD[m])].join(" · ");
  return (
    <details className="mt-3 text-xs text-muted" data-testid="support-summary">
      <summary className="cursor-pointer">
        인용 검증: {VERDICT_LABEL.supported} {count("supported")} · {VERDICT_LABEL.partly} {count("partly")} ·{" "}
        {VERDICT_LABEL.unsupported} {count("unsupported")}
        {report.rate !== undefined ? ` (근거가 확인된 문장 ${Math.round(report.rate * 100)}%)` : ""}
      </summary>
      <p className="mt-1">
        각 인용을 그 판례의 검색된 구절과 비교했습니다({methods}). 표시를 누르면 이유와 판례의 문장을 볼 수 있습니다.
      </p>
      {report.notes.length > 0 ? (
        <ul className="mt-1 list-disc pl-5" data-testid="support-notes">
          {report.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
