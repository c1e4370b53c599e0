import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";

// Command-line scripts read .env files as the app does (scripts/load-env.ts, Next's own loader),
// from the directory they are run in. Each case runs a real script in a throwaway directory with
// an environment that carries none of the app's settings.

const ROOT = resolve(".");
const TSX = join(ROOT, "node_modules/.bin/tsx");
const dirs: string[] = [];

function workDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "cli-env-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Runs a script of ours with only PATH/HOME (and what `extra` adds) in its environment. */
function runScript(
  cwd: string,
  script: string,
  args: string[] = [],
  extra: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? cwd,
    NODE_ENV: "production",
    ...extra,
  };
  return new Promise((done, fail) => {
    const child = spawn(TSX, [join(ROOT, "scripts", script), ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.once("error", fail);
    child.once("exit", (code) => done({ code, out }));
  });
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("scripts read .env like the app", () => {
  it("picks up a setting from .env in the working directory", async () => {
    const none = await runScript(workDir({}), "check-env.ts");
    expect(none.out).toContain("언어 모델: 없음");
    const withFile = await runScript(
      workDir({ ".env": "LLM_BASE_URL=http://127.0.0.1:9/v1\nLLM_MODEL=m\n" }),
      "check-env.ts",
    );
    expect(withFile.code).toBe(0);
    expect(withFile.out).toContain("언어 모델: 설정됨");
  });

  it("follows Next's order: .env.local over .env, the real environment over both, no .env.local in tests", async () => {
    const dir = workDir({
      ".env": "LLM_BASE_URL=http://127.0.0.1:9/v1\nLLM_MODEL=m\nVECTOR_STORE=embedded\n",
      ".env.local": "VECTOR_STORE=qdrant\nQDRANT_URL=http://127.0.0.1:6333\n",
    });
    expect((await runScript(dir, "check-env.ts")).out).toContain("저장소: qdrant");
    expect((await runScript(dir, "check-env.ts", [], { VECTOR_STORE: "embedded" })).out).toContain("저장소: embedded");
    // NODE_ENV=test skips .env.local, as `next` does.
    expect((await runScript(dir, "check-env.ts", [], { NODE_ENV: "test" })).out).toContain("저장소: embedded");
    // An invalid value in .env stops the script with the variable's name.
    const bad = await runScript(workDir({ ".env": "LLM_BASE_URL=not a url\n" }), "check-env.ts");
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("LLM_BASE_URL");
  });

  describe("the issue's case: `npm run ingest` with embeddings set only in .env", () => {
    let fake: FakeOpenAI;
    beforeAll(async () => {
      fake = await startFakeOpenAI({ embeddingDimensions: 16 });
    });
    afterAll(() => fake.close());

    it("indexes with dense vectors, not BM25-only", async () => {
      const dir = workDir({
        ".env": [
          "DATABASE_URL=file:./data/app.db",
          "DATA_DIR=./data",
          `EMBEDDINGS_BASE_URL=${fake.url}`,
          "EMBEDDINGS_MODEL=fake-embed",
          "EMBEDDINGS_DIMENSIONS=16",
        ].join("\n"),
      });
      mkdirSync(join(dir, "data"));
      copyFileSync(resolve("data/test/template.db"), join(dir, "data/app.db"));
      const result = await runScript(dir, "ingest.ts", [join(ROOT, "tests/fixtures/decisions"), "--corpus", "환경"]);
      expect(result.code, result.out).toBe(0);
      expect(result.out).not.toContain("BM25 전용");
      expect(fake.requests.some((r) => r.path.endsWith("/embeddings"))).toBe(true);
      const db = createDb(`file:${join(dir, "data/app.db")}`);
      try {
        const corpus = await db.corpus.findUniqueOrThrow({ where: { name: "환경" } });
        expect(corpus.documentCount).toBeGreaterThan(0);
        expect(corpus.sparseOnly).toBe(false);
      } finally {
        await db.$disconnect();
      }
    }, 120_000);
  });
});
