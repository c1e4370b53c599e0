import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli-child";

/** The fake model servers' command line: `--help` prints the usage and starts nothing. */

async function run(args: string[]): Promise<{ code: number | null; stdout: string }> {
  const { child, done } = runCli("tests/fake-servers/cli.ts", args, process.env);
  // Were servers started, the process would stay up: it is stopped, and the test fails on `code`.
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const { code, stdout } = await done;
  clearTimeout(timer);
  return { code, stdout };
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
