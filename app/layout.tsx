import type { Metadata } from "next";
import localFont from "next/font/local";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { HydrationMark } from "@/components/hydration-mark";
import "./globals.css";

// Pretendard from the npm package, served by this app: the same Korean type on every machine,
// with no font host to reach (next/font/google needs the internet at build time).
const pretendard = localFont({
  src: "../node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2",
  weight: "45 920",
  style: "normal",
  display: "swap",
  variable: "--font-pretendard",
  fallback: ["Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", "system-ui", "sans-serif"],
});

export const metadata: Metadata = {
  title: { default: "판례 리서치", template: "%s · 판례 리서치" },
  description: "판례에 근거한 법률 리서치 어시스턴트",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: Next can only put the CSP nonce (proxy.ts) on the scripts of a
  // page rendered for that request, never on a page prerendered at build time.
  await connection();
  return (
    <html lang="ko" className={pretendard.variable}>
      <body className="min-h-dvh font-sans antialiased">
        {children}
        <HydrationMark />
      </body>
    </html>
  );
}
