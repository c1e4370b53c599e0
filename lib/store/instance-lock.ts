import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { AppError } from "../errors";

/**
 * One server per data directory unless the deployment is built for several (Qdrant + PostgreSQL).
 * The embedded store keeps its search index in each server's memory and follows the others' writes
 * only through the change log, and on SQLite each server runs its own in-process job queue: two
 * servers on one DATA_DIR would each run jobs and fight over them. The second server refuses to start
 * and says what to use instead (docs/scaling.md). CLI imports are not servers and never take this lock.
 *
 * A lock file holds who owns the directory and a heartbeat. It is free when missing, when its
 * process is gone (same host), or when its heartbeat is older than `staleMs` (another host, e.g. a
 * container on shared storage, where a pid means nothing).
 */
export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  heartbeatAt: string;
}

export interface InstanceLockOptions {
  dataDir: string;
  /** How often the heartbeat is written. */
  heartbeatMs?: number;
  /** A heartbeat older than this frees the lock. */
  staleMs?: number;
  /** For tests: this process's identity. */
  pid?: number;
  host?: string;
}

export interface InstanceLock {
  path: string;
  release(): void;
}

const FILE = "server.lock";

export function lockPath(dataDir: string): string {
  return join(resolve(dataDir), FILE);
}

export function readLockOwner(dataDir: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(lockPath(dataDir), "utf8")) as Partial<LockOwner>;
    if (typeof parsed.pid !== "number" || typeof parsed.host !== "string") return null;
    return parsed as LockOwner;
  } catch {
    return null; // missing, or a torn write: treated as free (a live owner rewrites it within a beat)
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether `owner` still holds the directory, seen from `host` at `now`. */
export function ownerIsLive(owner: LockOwner, host: string, now: number, staleMs: number): boolean {
  const beat = Date.parse(owner.heartbeatAt);
  const fresh = Number.isFinite(beat) && now - beat < staleMs;
  if (owner.host === host) return fresh && processAlive(owner.pid);
  return fresh;
}

/** Takes the data directory for this server, or throws `store:instance_locked` naming the owner. */
export function acquireInstanceLock(options: InstanceLockOptions): InstanceLock {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const staleMs = options.staleMs ?? heartbeatMs * 3;
  const pid = options.pid ?? process.pid;
  const host = options.host ?? hostname();
  mkdirSync(resolve(options.dataDir), { recursive: true });
  const path = lockPath(options.dataDir);
  const startedAt = new Date().toISOString();
  const me = (): LockOwner => ({ pid, host, startedAt, heartbeatAt: new Date().toISOString() });

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Exclusive create: of two servers starting together exactly one gets the file.
      const fd = openSync(path, "wx");
      writeFileSync(fd, JSON.stringify(me()));
      closeSync(fd);
      return startHeartbeat(path, me, heartbeatMs, pid, host);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readLockOwner(options.dataDir);
    if (owner && owner.pid === pid && owner.host === host) return startHeartbeat(path, me, heartbeatMs, pid, host);
    if (owner && ownerIsLive(owner, host, Date.now(), staleMs)) {
      throw new AppError("store:instance_locked", {
        userMessage:
          `데이터 폴더 ${resolve(options.dataDir)}는 이미 다른 서버(${owner.host}, pid ${owner.pid})가 쓰고 있습니다. ` +
          "내장 검색 저장소와 SQLite는 서버 하나만 지원합니다. 여러 인스턴스는 Qdrant(VECTOR_STORE=qdrant)와 " +
          "PostgreSQL(DATABASE_URL=postgres://…)로 운영하세요 (docs/scaling.md).",
      });
    }
    // A dead owner's file: remove it and race for the exclusive create again.
    rmSync(path, { force: true });
  }
  throw new AppError("store:instance_locked", { userMessage: `데이터 폴더 잠금(${path})을 얻지 못했습니다.` });
}

function startHeartbeat(
  path: string,
  me: () => LockOwner,
  heartbeatMs: number,
  pid: number,
  host: string,
): InstanceLock {
  const beat = () => {
    // Write then rename, so a reader never sees half a file.
    const tmp = `${path}.${pid}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify(me()));
      renameSync(tmp, path);
    } catch {
      // A full disk must not take the server down; a missed beat only ages the lock.
    }
  };
  beat();
  const timer = setInterval(beat, heartbeatMs);
  timer.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(timer);
    try {
      const owner = JSON.parse(readFileSync(path, "utf8")) as LockOwner;
      if (owner.pid === pid && owner.host === host) rmSync(path, { force: true });
    } catch {
      // already gone
    }
  };
  return { path, release };
}
