import type { Interval } from "@/lib/eval/bootstrap";
import { significant } from "@/lib/eval/bootstrap";
import { num } from "@/lib/eval/format";

/** A metric with its 95% interval under it. */
export function IntervalCell({ value }: { value: Interval | undefined }) {
  if (!value) return <td className="px-3 py-2 text-muted">–</td>;
  return (
    <td className="px-3 py-2 align-top">
      <span className="font-medium">{num(value.estimate)}</span>
      <span className="block text-xs text-muted" data-testid="eval-ci">
        [{num(value.lo)}, {num(value.hi)}]
      </span>
    </td>
  );
}

const signed = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(3)}`;

/** A paired difference with its interval; highlighted (and starred) when the interval excludes 0. */
export function DifferenceCell({ value }: { value: Interval | undefined }) {
  if (!value) return <td className="px-3 py-2 text-muted">–</td>;
  const sig = significant(value);
  return (
    <td
      className={`px-3 py-2 align-top ${sig ? (value.estimate > 0 ? "bg-emerald-50" : "bg-red-50") : ""}`}
      data-testid={sig ? "eval-significant" : undefined}
    >
      <span className="font-medium">
        {signed(value.estimate)}
        {sig ? " *" : ""}
      </span>
      <span className="block text-xs text-muted" data-testid="eval-ci">
        [{signed(value.lo)}, {signed(value.hi)}]
      </span>
    </td>
  );
}

export function HeadRow({ labels }: { labels: string[] }) {
  return (
    <thead className="bg-paper text-left text-muted">
      <tr>
        {labels.map((h) => (
          <th key={h} className="px-3 py-2 font-medium">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}
