import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { listInputFiles } from "../lib/ingest/sources";

/** The p-th percentile (nearest rank) of the finite values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/**
 * A corpus of `count` precedent-kr Markdown decisions written into `outDir`: the decisions of
 * `sourceDir` replicated under new case numbers (the 사건번호 line gets a pass suffix), so a
 * benchmark imports realistic texts at any size. Returns how many were written.
 */
export function syntheticCorpus(sourceDir: string, outDir: string, count: number): number {
  const files = listInputFiles(sourceDir).filter((f) => f.name.endsWith(".md"));
  let written = 0;
  for (let pass = 0; written < count && files.length > 0; pass++) {
    for (const file of files) {
      if (written >= count) break;
      const text = readFileSync(file.path, "utf8").replace(
        /^사건번호: (.+)$/m,
        (_, no: string) => `사건번호: ${no}${pass}`,
      );
      const target = join(outDir, `p${pass}`, file.name);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
      written += 1;
    }
  }
  return written;
}

/** The fake model servers a benchmark's server talks to. */
export interface FakeEndpoints {
  llm: string;
  embeddings: string;
  rerank: string;
}

/** The production server's environment for a benchmark: its own database and data folder, fake models. */
export function benchEnv(o: {
  dbUrl: string;
  dataDir: string;
  admin: string;
  endpoints: FakeEndpoints;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: o.dbUrl,
    DATA_DIR: o.dataDir,
    ADMIN_EMAIL: `admin@${o.admin}.test`,
    ADMIN_PASSWORD: `admin-password-${o.admin}`,
    LLM_BASE_URL: o.endpoints.llm,
    LLM_MODEL: "fake-chat",
    EMBEDDINGS_BASE_URL: o.endpoints.embeddings,
    EMBEDDINGS_MODEL: "fake-embed",
    EMBEDDINGS_DIMENSIONS: "64",
    RERANK_BASE_URL: o.endpoints.rerank,
    RERANK_MODEL: "fake-rerank",
  };
}

export interface BenchChildren {
  /** Runs a child to its end (asynchronously: the fake model servers live in this process); its stdout. */
  run(args: string[], inherit?: boolean, extraEnv?: Record<string, string>): Promise<string>;
  /** A TypeScript script of this project, through tsx (`extra`: node's own arguments before it). */
  tsx(script: string, args?: string[], extra?: string[]): Promise<string>;
}

export function benchChildren(env: NodeJS.ProcessEnv): BenchChildren {
  const run: BenchChildren["run"] = (args, inherit = false, extraEnv = {}) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        env: { ...env, ...extraEnv },
        stdio: ["ignore", "pipe", inherit ? "inherit" : "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout?.on("data", (d) => (out += d));
      child.stderr?.on("data", (d) => (err += d));
      child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")}: ${err || out}`))));
    });
  return { run, tsx: (script, args = [], extra = []) => run([...extra, "--import", "tsx", script, ...args]) };
}

/**
 * The benchmark's data: the database migrated and seeded, `source` imported as corpus 판례, `users`
 * lawyers signed in (their cookies), and the production build (made when there is none).
 */
export async function prepareBench(children: BenchChildren, source: string, users: number): Promise<string[]> {
  await children.tsx("scripts/db-migrate.ts", [], ["--experimental-wasm-modules", "--no-warnings"]);
  await children.tsx("scripts/db-seed.ts");
  await children.tsx("scripts/ingest.ts", [source, "--corpus", "판례"]);
  const cookies = JSON.parse(await children.tsx("scripts/bench-load-users.ts", [String(users)])) as string[];
  if (!existsSync(".next/BUILD_ID")) {
    console.log("프로덕션 빌드가 없어 빌드합니다…");
    await children.run(["node_modules/next/dist/bin/next", "build"], true);
  }
  return cookies;
}

/** `next start` on `port` (`nodeArgs` before it), once /api/health answers; its output so far in `log()`. */
export async function startBenchServer(
  env: NodeJS.ProcessEnv,
  port: number,
  nodeArgs: string[] = [],
): Promise<{ server: ChildProcess; base: string; log: () => string }> {
  const server = spawn(
    process.execPath,
    [...nodeArgs, "node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", `${port}`],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  server.stdout?.on("data", (d) => (log += d));
  server.stderr?.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { server, base, log: () => log };
}

/** A process's resident memory in bytes (0 when it is gone). */
export function rssOf(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
