import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDb } from "../support/test-db";

// The issues' "done when" command, end to end through the CLI: the dev questions, BM25 vs RAR, synonym
// expansion and multi-query (all BM25 only) with the recorded analyst and judge replies plus the
// synonym and multi-query replies written for 5 dev questions (tests/fixtures; the other 42 fall back to
// the question and the report counts them), no model server and no LLM setting at all.
// Real decisions live beside the repository (../shared/data); a user's clone has none, and then
// this reports itself skipped.
const SHARED = resolve("../shared/data");
const present = existsSync(join(SHARED, "dev/recorded-llm.jsonl")) && existsSync(join(SHARED, "precedents"));

describe.skipIf(!present)("npm run eval -- … --replay ../shared/data/dev/recorded-llm.jsonl", () => {
  it("runs offline and prints both systems with 95% intervals", { timeout: 120_000 }, () => {
    const { url } = createTestDb();
    // Nothing of this process's settings: no model server, no LLM setting.
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "test",
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(join(resolve("data/test"), "dev-replay-")),
    };
    const tsx = (args: string[]) =>
      execFileSync(process.execPath, ["--import", "tsx", ...args], { env, encoding: "utf8", stdio: "pipe" });
    tsx(["scripts/ingest.ts", join(SHARED, "precedents"), "--corpus", "demo"]);
    // One replay file, written outside the repository: the shared replies, then ours.
    const replay = join(env.DATA_DIR as string, "replay.jsonl");
    // Our replies name their dev question by id only: the question's text stays in ../shared.
    const questions = new Map(
      readFileSync(join(SHARED, "dev/retrieval.jsonl"), "utf8")
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as { id: string; question: string })
        .map((item) => [item.id, item.question]),
    );
    const ours = readFileSync(resolve("tests/fixtures/dev-strategy-replies.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => {
        const reply = JSON.parse(line) as { id: string };
        const question = questions.get(reply.id);
        if (!question) throw new Error(`no dev question ${reply.id}`);
        return JSON.stringify({ ...reply, question });
      });
    writeFileSync(
      replay,
      `${readFileSync(join(SHARED, "dev/recorded-llm.jsonl"), "utf8").trimEnd()}\n${ours.join("\n")}\n`,
    );
    const out = tsx([
      "scripts/eval.ts",
      "--bench",
      join(SHARED, "dev/retrieval.jsonl"),
      "--corpus",
      "demo",
      "--systems",
      "sparse,rar-sparse,synonym-sparse,multi-query-sparse",
      "--replay",
      replay,
      "--out",
      join(env.DATA_DIR as string, "report"),
    ]);
    const interval = String.raw`\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]`;
    expect(out).toMatch(new RegExp(`\\| BM25 \\| 47 \\| ${interval} \\|`));
    expect(out).toMatch(new RegExp(`\\| RAR \\(BM25 only\\) \\| 47 \\| ${interval} \\|`));
    expect(out).toContain("## 기준(BM25) 대비 차이");
    expect(out).toContain("분석 질의 47/47, 근거 질의 47/47");
    // Replies for 5 questions only: the other 42 fell back, said beside every figure of those systems.
    expect(out).toMatch(
      new RegExp(`\\| Synonym expansion \\(BM25 only\\) ⚠ 부분 재생 42/47 \\| 47 \\| ${interval} \\|`),
    );
    expect(out).toMatch(new RegExp(`\\| Multi-query \\(BM25 only\\) ⚠ 부분 재생 42/47 \\| 47 \\| ${interval} \\|`));
    expect(out).not.toMatch(/RAR \(BM25 only\) ⚠/);
    expect(out.match(/질의 단계 대체 42\/47/g)).toHaveLength(2);
    expect(out.trimEnd().split("\n").at(-1)).toMatch(
      /^⚠ 부분 재생 — Synonym expansion \(BM25 only\) 42\/47, Multi-query \(BM25 only\) 42\/47: /,
    );
    expect(out).toContain("모델 호출: 재생");
    expect(out).not.toContain("오류 —");
  });
});
