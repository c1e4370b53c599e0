import { type ChildProcess, spawn } from "node:child_process";

/**
 * A command-line tool (scripts/<name>.ts) run as its own process through tsx, as `npm run <name>`
 * runs it, for the tests that kill it midway: the child, and its exit code with everything it
 * printed (stdout and stderr together).
 */
export function runCli(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { env });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
  return { child, done };
}
