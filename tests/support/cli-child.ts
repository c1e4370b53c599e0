import { type ChildProcess, spawn } from "node:child_process";

/**
 * A command-line tool (scripts/<name>.ts, or another file run by tsx) run as its own process, as
 * `npm run <name>` runs it: the child, and its exit code with everything it printed (stdout and
 * stderr together) and its standard output alone.
 */
export function runCli(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; done: Promise<{ code: number | null; output: string; stdout: string }> } {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { env });
  let output = "";
  let stdout = "";
  child.stdout?.on("data", (d) => {
    output += d;
    stdout += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const done = new Promise<{ code: number | null; output: string; stdout: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output, stdout })),
  );
  return { child, done };
}
