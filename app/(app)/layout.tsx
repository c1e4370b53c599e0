import type { ReactNode } from "react";
import { SkipLink } from "@/components/a11y/skip-link";
import { AppHeader } from "@/components/app-header";
import { requirePageUser } from "../(auth)/auth";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader user={user} />
      {/* The skip link's target where a page has no question box; focusable only from that link. */}
      <div id="main-content" tabIndex={-1} className="flex min-w-0 flex-1 outline-none">
        {children}
      </div>
    </div>
  );
}
