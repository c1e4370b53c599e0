import type { NextConfig } from "next";
import { env } from "./lib/env";
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./lib/security/headers";

// Fail at start, naming the variable, rather than at the first request that needs a setting.
env();

const nextConfig: NextConfig = {
  // Native modules must stay outside the bundle: they are loaded from node_modules at run time.
  // pino and prom-client: loaded from node_modules once per process, not copied into each bundle.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "pg",
    "@prisma/adapter-pg",
    "pg-boss",
    "pino",
    "prom-client",
  ],
  poweredByHeader: false,
  // Types are checked by `npm test`'s own stage (tsc --noEmit, docs/development.md), which CI runs on
  // every change; `next build` checking them again cost about 30 s of every set-up and test run.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // forbidden() renders app/forbidden.tsx with a real 403 for non-admins.
    authInterrupts: true,
    // The largest server-action input is a question (≤ 4,000 characters, ~12 KB as UTF-8) with up
    // to 50 corpus ids; sign-in, account, user and corpus forms are smaller. Uploads and benchmark
    // files go to route handlers (app/api/admin/…), which enforce their own budgets while reading.
    // 256 KB leaves ample room and refuses anything else before it is parsed.
    serverActions: { bodySizeLimit: "256kb" },
  },
  // nosniff, Referrer-Policy and X-Frame-Options on everything; API routes get a CSP of their own
  // here (pages get theirs, with a nonce, from proxy.ts, which does not run for API routes).
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
