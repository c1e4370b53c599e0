import { execFileSync } from "node:child_process";
import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";

describe("bulk work from the shell", () => {
  it("runs below the server's priority (nice 10), as the server's own job children do", () => {
    // In a child process: on Linux the niceness belongs to the thread that sets it.
    const script =
      'import { lowerOwnPriority } from "./lib/jobs/bulk-priority.ts"; lowerOwnPriority(); console.log(require("node:os").getPriority());';
    const out = execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        script.replace('require("node:os")', "(await import('node:os'))"),
      ],
      {
        encoding: "utf8",
      },
    );
    // Already at 10 or more (a niced CI runner): never raised back.
    expect(Number(out.trim())).toBe(Math.max(10, getPriority()));
  });
});
