import Link from "next/link";
import { signOutAction } from "@/app/(auth)/actions";
import type { UserRecord } from "@/lib/db/users";
import { LookupBox } from "./lookup-box";

const ROLE_LABEL = { admin: "관리자", lawyer: "변호사" } as const;

export function AppHeader({ user }: { user: UserRecord }) {
  return (
    <header className="flex h-14 shrink-0 items-center justify-between gap-3 border-b border-line bg-white px-3 sm:px-5 print:hidden">
      <div className="flex min-w-0 items-center gap-3 sm:gap-6">
        <Link href="/" className="whitespace-nowrap font-serif text-lg font-semibold text-accent">
          판례 리서치
        </Link>
        <nav className="flex min-w-0 gap-3 overflow-x-auto whitespace-nowrap text-sm sm:gap-4" aria-label="주 메뉴">
          {/* On a phone the name beside it leads to the same desk: the room goes to 검색 and 찾기. */}
          <Link href="/" className="hidden text-muted hover:text-ink sm:inline" data-testid="nav-research">
            리서치
          </Link>
          <Link href="/search" className="whitespace-nowrap text-muted hover:text-ink" data-testid="nav-search">
            <span className="sm:hidden">검색</span>
            <span className="hidden sm:inline">판례 검색</span>
          </Link>
          <Link href="/brief" className="whitespace-nowrap text-muted hover:text-ink" data-testid="nav-brief">
            서면 검증
          </Link>
          <Link href="/bookmarks" className="text-muted hover:text-ink" data-testid="nav-bookmarks">
            북마크
          </Link>
          <Link href="/lookup" className="text-muted hover:text-ink md:hidden" data-testid="nav-lookup">
            찾기
          </Link>
          {user.role === "admin" ? (
            <Link href="/admin" className="text-muted hover:text-ink" data-testid="nav-admin">
              관리
            </Link>
          ) : null}
        </nav>
      </div>
      <div className="hidden max-w-xs flex-1 md:block">
        <LookupBox />
      </div>
      <div className="flex shrink-0 items-center gap-2 text-sm sm:gap-3">
        <Link href="/account" className="text-muted hover:text-ink" data-testid="nav-account">
          <span data-testid="current-user" className="hidden sm:inline">
            {user.name}
          </span>
          <span className="ml-2 rounded bg-accent-soft px-1.5 py-0.5 text-xs text-accent" data-testid="current-role">
            {ROLE_LABEL[user.role]}
          </span>
        </Link>
        <form action={signOutAction}>
          <button
            type="submit"
            data-testid="sign-out"
            className="rounded-md border border-line px-3 py-1 text-muted hover:bg-paper hover:text-ink"
          >
            로그아웃
          </button>
        </form>
      </div>
    </header>
  );
}
