import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { requirePageUser } from "../(auth)/auth";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader user={user} />
      <div className="flex min-w-0 flex-1">{children}</div>
    </div>
  );
}
