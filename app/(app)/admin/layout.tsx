import Link from "next/link";
import type { ReactNode } from "react";
import { requirePageAdmin } from "../../(auth)/auth";

const LINKS = [
  ["/admin", "개요"],
  ["/admin/corpora", "말뭉치"],
  ["/admin/statutes", "법령"],
  ["/admin/eval", "평가"],
  ["/admin/users", "사용자"],
  ["/admin/audit", "변경 기록"],
  ["/admin/tokens", "API 토큰"],
  ["/admin/feedback", "피드백"],
] as const;

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requirePageAdmin();
  return (
    <div className="admin-area flex min-w-0 flex-1 flex-col">
      <nav
        className="flex gap-4 overflow-x-auto whitespace-nowrap border-b border-line bg-white px-4 text-sm sm:px-6"
        aria-label="관리 메뉴"
      >
        {LINKS.map(([href, label]) => (
          <Link key={href} href={href} className="py-2 text-muted hover:text-ink">
            {label}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
