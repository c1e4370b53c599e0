import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Issue 21: the layers of docs/architecture.md are rules that dependency-cruiser enforces
 * (.dependency-cruiser.cjs, a stage of `npm test`). The real tree passes them; a deliberately wrong
 * import — upward, in a cycle, into next/*, from a component into lib/db — is reported and fails.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const DEPCRUISE = join(ROOT, "node_modules", ".bin", "depcruise");

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: unknown[];
}

/**
 * The violations found, and the exit status of the command `npm test` runs (its "err" report exits
 * non-zero on an error). `withStatus: false` skips that second cruise: over the whole tree it is the
 * architecture stage of `npm test` itself, and it costs about ten seconds of CPU.
 */
function cruise(
  cwd: string,
  paths: string[],
  { withStatus = true }: { withStatus?: boolean } = {},
): { status: number | null; violations: Violation[] } {
  const run = (type: string) =>
    spawnSync(DEPCRUISE, [...paths, "--config", ".dependency-cruiser.cjs", "--output-type", type], {
      cwd,
      encoding: "utf8",
      // The JSON report of the whole tree passed 1 MB (spawnSync's default buffer) and came back cut.
      maxBuffer: 256 * 1024 * 1024,
    });
  const report = JSON.parse(run("json").stdout) as { summary: { violations: Violation[] } };
  return { status: withStatus ? run("err").status : null, violations: report.summary.violations };
}

/** A scratch project with the real rules and the given files (the rules match paths, so layout is all that counts). */
function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "depcruise-"));
  dirs.push(dir);
  copyFileSync(join(ROOT, ".dependency-cruiser.cjs"), join(dir, ".dependency-cruiser.cjs"));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { moduleResolution: "bundler", module: "esnext", paths: { "@/*": ["./*"] } } }),
  );
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the architecture rules (dependency-cruiser)", () => {
  it("hold for the code as it is: no layer violation, no cycle", () => {
    // No violation at all (warnings included), so the stage's "err" report, which fails only on
    // violations, passes; that the report does fail on one is shown on the scratch trees below.
    const { violations } = cruise(ROOT, ["lib", "app", "components", "instrumentation.ts", "proxy.ts"], {
      withStatus: false,
    });
    expect(violations).toEqual([]);
  });

  it("report an import that runs up the layers (lib/db importing lib/chat) and fail", () => {
    const dir = scratch({
      "lib/chat/types.ts": "export interface AnswerRecord { answer: string }\n",
      "lib/db/chats.ts":
        'import type { AnswerRecord } from "../chat/types";\nexport const empty: AnswerRecord[] = [];\n',
    });
    const { status, violations } = cruise(dir, ["lib"]);
    expect(violations.map((v) => [v.rule.name, v.from, v.to])).toEqual([
      ["layer-db", "lib/db/chats.ts", "lib/chat/types.ts"],
    ]);
    expect(status).not.toBe(0);
  });

  it("report a job system that imports a job kind, and an import cycle", () => {
    const dir = scratch({
      "lib/jobs/start.ts": 'import { resume } from "../ingest/job-queue";\nexport const start = () => resume();\n',
      "lib/ingest/job-queue.ts": 'import { enrich } from "../enrich/control";\nexport const resume = () => enrich();\n',
      "lib/enrich/control.ts": 'import { resume } from "../ingest/job-queue";\nexport const enrich = () => resume;\n',
    });
    const names = cruise(dir, ["lib"]).violations.map((v) => v.rule.name);
    expect(names).toContain("layer-jobs");
    expect(names).toContain("no-circular");
  });

  it("report lib importing next/*, and a component importing lib/db's code (its record types are allowed)", () => {
    const dir = scratch({
      "lib/util/redirect.ts": 'import { redirect } from "next/navigation";\nexport const go = () => redirect("/");\n',
      "lib/db/chats.ts":
        "export interface ChatSummary { id: string }\nexport const listChats = (): ChatSummary[] => [];\n",
      "components/chat-list.tsx":
        'import { listChats } from "@/lib/db/chats";\nexport const count = () => listChats().length;\n',
      "components/chat-row.tsx":
        'import type { ChatSummary } from "@/lib/db/chats";\nexport const id = (c: ChatSummary) => c.id;\n',
    });
    const found = cruise(dir, ["lib", "components"]).violations.map((v) => `${v.rule.name} ${v.from}`);
    expect(found).toEqual(
      expect.arrayContaining(["lib-not-next lib/util/redirect.ts", "components-not-db components/chat-list.tsx"]),
    );
    expect(found).not.toContain("components-not-db components/chat-row.tsx");
  });
});
