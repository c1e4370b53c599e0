import type { NextConfig } from "next";
import { env } from "./lib/env";

// Fail at start, naming the variable, rather than at the first request that needs a setting.
env();

const nextConfig: NextConfig = {
  // Native modules must stay outside the bundle: they are loaded from node_modules at run time.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3"],
  poweredByHeader: false,
  experimental: {
    // forbidden() renders app/forbidden.tsx with a real 403 for non-admins.
    authInterrupts: true,
    serverActions: { bodySizeLimit: "64mb" },
  },
};

export default nextConfig;
