import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "판례 리서치", template: "%s · 판례 리서치" },
  description: "판례에 근거한 법률 리서치 어시스턴트",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: Next can only put the CSP nonce (proxy.ts) on the scripts of a
  // page rendered for that request, never on a page prerendered at build time.
  await connection();
  return (
    <html lang="ko">
      <body className="min-h-screen font-sans antialiased">{children}</body>
    </html>
  );
}
