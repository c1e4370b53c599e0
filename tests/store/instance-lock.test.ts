import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AppError } from "../../lib/errors";
import { acquireInstanceLock, lockPath, readLockOwner } from "../../lib/store/instance-lock";

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "rar-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** The refusal's user message (an AppError's message is its code). */
function refusal(claim: () => unknown): string {
  try {
    claim();
  } catch (error) {
    expect((error as AppError).code).toBe("store:instance_locked");
    return (error as AppError).userMessage;
  }
  throw new Error("the claim was not refused");
}

function writeOwner(dir: string, owner: { pid: number; host: string; heartbeatAt: string }) {
  writeFileSync(lockPath(dir), JSON.stringify({ ...owner, startedAt: owner.heartbeatAt }));
}

describe("instance lock of the embedded data directory", () => {
  it("refuses a second owner while the first lives, and frees on release", () => {
    const dir = tempDir();
    const first = acquireInstanceLock({ dataDir: dir, host: "a" });
    // Another live process on the same host (our parent) claims it: refused, naming the owner.
    expect(refusal(() => acquireInstanceLock({ dataDir: dir, host: "a", pid: process.ppid }))).toMatch(
      /다른 서버\(a, pid/,
    );
    first.release();
    expect(existsSync(lockPath(dir))).toBe(false);
    const second = acquireInstanceLock({ dataDir: dir, host: "a", pid: process.ppid });
    expect(readLockOwner(dir)?.pid).toBe(process.ppid);
    second.release();
  });

  it("takes over a lock whose process is gone (kill -9), on the same host", () => {
    const dir = tempDir();
    writeOwner(dir, { pid: 2 ** 22 + 17, host: "a", heartbeatAt: new Date().toISOString() });
    const lock = acquireInstanceLock({ dataDir: dir, host: "a" });
    expect(readLockOwner(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it("on another host trusts only the heartbeat", () => {
    const dir = tempDir();
    writeOwner(dir, { pid: 1, host: "other", heartbeatAt: new Date().toISOString() });
    expect(refusal(() => acquireInstanceLock({ dataDir: dir, host: "a" }))).toMatch(/Qdrant/);
    writeOwner(dir, { pid: 1, host: "other", heartbeatAt: new Date(Date.now() - 60_000).toISOString() });
    const lock = acquireInstanceLock({ dataDir: dir, host: "a", staleMs: 30_000 });
    expect(readLockOwner(dir)?.host).toBe("a");
    lock.release();
  });

  it("a release never removes another owner's lock", () => {
    const dir = tempDir();
    const lock = acquireInstanceLock({ dataDir: dir, host: "a" });
    writeOwner(dir, { pid: 1, host: "other", heartbeatAt: new Date().toISOString() });
    lock.release();
    expect(readLockOwner(dir)?.host).toBe("other");
  });

  it("a second server process on the same DATA_DIR exits with the message; the first keeps running", async () => {
    const dir = tempDir();
    const start = () => {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/claim-child.ts"], {
        env: { ...process.env, DATA_DIR: dir, VECTOR_STORE: "embedded" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      let output = "";
      child.stdout?.on("data", (d) => {
        output += d;
      });
      child.stderr?.on("data", (d) => {
        output += d;
      });
      return { child, output: () => output };
    };
    const first = start();
    await expect.poll(first.output, { timeout: 20_000 }).toContain("claimed");
    const second = start();
    const code = await new Promise<number | null>((done) => second.child.once("exit", done));
    expect(code).toBe(1);
    expect(second.output()).toContain("VECTOR_STORE=qdrant");
    expect(first.child.exitCode).toBeNull();
    // kill -9 the first: a new start takes the directory over.
    first.child.kill("SIGKILL");
    await new Promise((done) => first.child.once("exit", done));
    const third = start();
    await expect.poll(third.output, { timeout: 20_000 }).toContain("claimed");
  }, 60_000);
});
