import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

/** The fake model servers' command line: `--help` prints the usage and starts nothing. */

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/fake-servers/cli.ts", ...args]);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  // Were servers started, the process would stay up: it is stopped, and the test fails on `code`.
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe("tests/fake-servers/cli.ts", () => {
  it.each([["--help"], ["-h"]])("%s prints the usage and exits without starting servers", async (flag) => {
    // Started, the servers would stay up (killed after 20 s: no exit code) or fail on the taken port.
    const { code, stdout } = await run([flag, "--openai-port", "1", "--rerank-port", "1"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: npx tsx tests/fake-servers/cli.ts");
    expect(stdout).toContain("--rules FILE");
    expect(stdout).not.toContain("fake OpenAI:");
  });
});
