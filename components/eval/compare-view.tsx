import type { ReactNode } from "react";
import type { RunComparison } from "@/lib/eval/compare-runs";
import { num } from "@/lib/eval/format";
import { ALL_METRICS } from "@/lib/eval/metric-defs";
import { HeadRow, IntervalCell } from "./metric-cells";

const box = "overflow-x-auto rounded-xl border border-line bg-white";
const metricLabel = (key: string) => ALL_METRICS.find((m) => m.key === key)?.label ?? key;

/** The frame of each of the comparison's tables; the rows are the caller's. */
function CompareTable({
  testId,
  labels,
  numeric,
  children,
}: {
  testId: string;
  labels: string[];
  /** Figures in aligned columns (the changed conditions are text). */
  numeric?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={box}>
      <table className={`w-full text-sm${numeric ? " tabular-nums" : ""}`} data-testid={testId}>
        <HeadRow labels={labels} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function CompareView({ comparison: c, names }: { comparison: RunComparison; names: [string, string] }) {
  return (
    <div className="space-y-4">
      {[c.partial?.a, c.partial?.b].map((line, i) =>
        line ? (
          <p
            key={names[i]}
            className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            role="note"
            data-testid="compare-partial-replay"
          >
            {i === 0 ? "A" : "B"}: {line}
          </p>
        ) : null,
      )}
      <section className="space-y-2">
        <h2 className="font-semibold">바뀐 조건</h2>
        {c.changes.length === 0 ? (
          <p className="text-sm text-muted" data-testid="compare-no-changes">
            모델, 설정, 프롬프트, 색인 모두 같습니다.
          </p>
        ) : (
          <CompareTable
            testId="compare-changes"
            labels={["시스템", "질문 종류", "항목", `A: ${names[0]}`, `B: ${names[1]}`]}
          >
            {c.changes.map((ch) => (
              <tr key={`${ch.system}-${ch.kind}-${ch.key}`} className="border-t border-line">
                <td className="px-3 py-1">{ch.system}</td>
                <td className="px-3 py-1">{ch.kind}</td>
                <td className="px-3 py-1 font-mono text-xs">{ch.key}</td>
                <td className="px-3 py-1 font-mono text-xs break-all">{ch.a}</td>
                <td className="px-3 py-1 font-mono text-xs break-all">{ch.b}</td>
              </tr>
            ))}
          </CompareTable>
        )}
      </section>
      <section className="space-y-2">
        <h2 className="font-semibold">
          달라진 지표{" "}
          <span className="text-sm font-normal text-muted">
            (같은 지표 {c.metrics.filter((m) => !m.changed).length}개는 생략)
          </span>
        </h2>
        <CompareTable testId="compare-metrics" labels={["시스템", "지표", "A", "B"]} numeric>
          {c.metrics
            .filter((m) => m.changed)
            .map((m) => (
              <tr key={`${m.system}-${m.metric}`} className="border-t border-line">
                <td className="px-3 py-1">{m.label}</td>
                <td className="px-3 py-1">{metricLabel(m.metric)}</td>
                <IntervalCell value={m.a} />
                <IntervalCell value={m.b} />
              </tr>
            ))}
        </CompareTable>
      </section>
      <section className="space-y-2">
        <h2 className="font-semibold">결과가 바뀐 질문 ({c.flips.length})</h2>
        {c.flips.length > 0 ? (
          <CompareTable testId="compare-flips" labels={["시스템", "질문", "내용", "지표", "A", "B"]} numeric>
            {c.flips.map((f) => (
              <tr key={`${f.system}-${f.itemId}`} className="border-t border-line">
                <td className="px-3 py-1">{f.system}</td>
                <td className="px-3 py-1">{f.itemId}</td>
                <td className="px-3 py-1 text-muted">{f.question.slice(0, 60)}</td>
                <td className="px-3 py-1">{metricLabel(f.metric)}</td>
                <td className="px-3 py-1">{num(f.a)}</td>
                <td className="px-3 py-1">{num(f.b)}</td>
              </tr>
            ))}
          </CompareTable>
        ) : null}
      </section>
    </div>
  );
}
