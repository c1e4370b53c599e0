"use client";

import Link from "next/link";
import { useState } from "react";
import type { FacetGroup } from "@/lib/search/facet-links";

/**
 * The filters with their counts. Each value is a link to the same search narrowed by it (and a
 * chosen one links back to the search without it), so the address holds the state. On a phone
 * the panel folds behind one button.
 */
export function FacetPanel({ groups, chosen }: { groups: FacetGroup[]; chosen: number }) {
  const [open, setOpen] = useState(false);
  return (
    <aside className="lg:w-60 lg:shrink-0" aria-label="검색 필터">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="search-facets"
        data-testid="facet-toggle"
        className="w-full rounded-md border border-line bg-white px-3 py-2 text-left text-sm lg:hidden"
      >
        필터 {chosen > 0 ? `(${chosen}개 적용)` : ""} {open ? "접기" : "펼치기"}
      </button>
      <div id="search-facets" className={`${open ? "block" : "hidden"} mt-2 space-y-4 lg:mt-0 lg:block`}>
        {groups
          .filter((g) => g.items.length > 0)
          .map((g) => (
            <section key={g.id} data-testid={`facet-${g.id}`}>
              <h2 className="mb-1 flex items-center justify-between text-sm font-semibold">
                {g.title}
                {g.clearHref ? (
                  <Link
                    href={g.clearHref}
                    className="text-xs font-normal text-accent"
                    data-testid={`facet-clear-${g.id}`}
                  >
                    해제
                  </Link>
                ) : null}
              </h2>
              <ul className="space-y-0.5 text-sm">
                {g.items.map((item) => (
                  <li key={item.label}>
                    <Link
                      href={item.href}
                      aria-current={item.active ? "true" : undefined}
                      data-testid="facet-value"
                      data-facet={g.id}
                      className={`flex justify-between gap-2 rounded px-1.5 py-0.5 hover:bg-paper ${
                        item.active ? "bg-accent-soft font-medium text-accent" : ""
                      }`}
                    >
                      <span className="min-w-0 truncate">{item.label}</span>
                      <span className="shrink-0 tabular-nums text-muted">{item.count.toLocaleString("ko-KR")}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </div>
    </aside>
  );
}
