import { hostname } from "node:os";

/**
 * Who runs a job: "server:<pid>@<host>" (the Next.js server; its job child processes write the
 * server's pid, so a dead server means dead jobs) or "cli:<pid>@<host>" (npm run ingest). Written on
 * the job row with a heartbeat; a job whose owner stopped beating is interrupted.
 */

export type OwnerKind = "server" | "cli";

export function processOwner(kind: OwnerKind, pid = process.pid): string {
  return `${kind}:${pid}@${hostname()}`;
}

export function parseOwner(owner: string | null | undefined): { kind: OwnerKind; pid: number; host: string } | null {
  const match = /^(server|cli):(\d+)@(.*)$/.exec(owner ?? "");
  if (!match) return null;
  return { kind: match[1] as OwnerKind, pid: Number(match[2]), host: match[3] ?? "" };
}

/**
 * True when the owner is a process of this host that no longer exists. Only asked at server start
 * about a previous server (a fresh heartbeat from a killed server's child that is about to stop):
 * another host's processes cannot be seen, so they only go stale by time.
 */
export function ownerProcessGone(owner: string | null | undefined): boolean {
  const parsed = parseOwner(owner);
  if (!parsed || parsed.host !== hostname() || parsed.pid === process.pid) return false;
  try {
    process.kill(parsed.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
