import Link from "next/link";
import type { ReferencedCase } from "@/lib/text/referenced-cases";

/**
 * The decisions a 참조판례 list cites, as chips: each case of a joined number ("94므826, 833") is its
 * own link; a case not in any corpus is shown, never linked.
 */
export function ReferenceChips({ references, known }: { references: ReferencedCase[]; known: Set<string> }) {
  return (
    <ul className="flex flex-wrap gap-2" data-testid="references" data-find-skip>
      {references.map((group) => (
        <li key={group.text} className="flex items-center gap-0.5 font-mono text-sm">
          {group.parts.map((part, i) => (
            <span key={part} className="flex items-center">
              {i > 0 ? <span className="mr-0.5 text-muted">,</span> : null}
              {known.has(part) ? (
                <Link
                  href={`/precedents/${encodeURIComponent(part)}`}
                  data-testid="reference-chip"
                  data-case-no={part}
                  aria-label={part}
                  title={part}
                  className="rounded bg-accent-soft px-1.5 py-0.5 text-accent hover:underline"
                >
                  {i === 0 ? part : part.slice(group.parts[0]?.search(/\d+$/) ?? 0)}
                </Link>
              ) : (
                <span
                  data-testid="reference-chip-missing"
                  data-case-no={part}
                  title={`${part}: 말뭉치에 없는 판례`}
                  className="rounded bg-stone-100 px-1.5 py-0.5 text-muted"
                >
                  {i === 0 ? part : part.slice(group.parts[0]?.search(/\d+$/) ?? 0)}
                </span>
              )}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
