// A stage of `npm test`: the README's first command (`npm run setup`) run as a new user would run
// it, from a fresh copy of this working tree with no node_modules, no .env and no data folder.
//
//   1. copies the files git would clone (tracked + untracked-but-not-ignored, as they are now) into a
//      temporary folder — a `git clone` of the committed tree would hide uncommitted work while
//      developing, and is the same tree in CI;
//   2. writes that copy's `.env` with a free port (the way a user picks a port);
//   3. runs `npm run setup` with only PATH (less any node_modules/.bin), HOME and the locale:
//      nothing from `npm test`'s own environment (npm_*, CI, PORT…) may hide a missing step. It runs
//      on the current Node LTS, Node 24 (the npm registry's `node-linux-<arch>@24`, first on PATH,
//      with `npm_config_nodedir` at its headers as the README says), while every other stage of
//      `npm test` runs on Debian's Node 20: both supported runtimes proven, no stage added;
//   4. waits for /api/health, signs in over HTTP with the printed one-time password (the login
//      form posted as a browser without JavaScript posts it), stops the server;
//   5. runs `npm run setup` a second time: it must start again on the same data, keep the admin
//      (the same password still signs in; no new one printed), keep the first session, and reuse
//      the build (nothing changed).
//
// Plain JavaScript with Node's built-ins only, so that `npm test` can start it before this checkout's
// own packages are installed (the two installs overlap instead of adding up).
//
// Writes reports/fresh-setup.json (read by scripts/test-summary.mjs) and exits 1 on any failure,
// printing the end of the set-up log. `--keep` leaves the temporary folder for a look.
// `--hand-over-build DIR` moves the copy's production build (.next) to DIR once every check passed:
// the copy is this tree, so `npm test` runs its e2e stage on that build instead of building the same
// tree a second time on the same two cores (scripts/test.sh).
import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect, createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const SETUP_TIMEOUT_MS = 12 * 60_000;
const keep = process.argv.includes("--keep");
const handOverAt = process.argv.indexOf("--hand-over-build");
const handOverBuild = handOverAt > 0 ? process.argv[handOverAt + 1] : undefined;

/** @type {{ title: string, status: "passed" | "failed", failureMessages: string[], duration: number }[]} */
const checks = [];

/** @param {string} title @param {() => Promise<void>} run */
async function check(title, run) {
  const start = Date.now();
  try {
    await run();
    checks.push({ title, status: "passed", failureMessages: [], duration: Date.now() - start });
    console.log(`  ✓ ${title} (${Math.round((Date.now() - start) / 1000)} s)`);
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    checks.push({ title, status: "failed", failureMessages: [message], duration: Date.now() - start });
    console.log(`  ✗ ${title}: ${message}`);
    return false;
  }
}

/** The tree a clone would have: tracked and untracked-not-ignored files that exist now. */
/** @param {string} target */
function copyWorkingTree(target) {
  const list = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString("utf8")
    .split("\0")
    .filter((path) => path && existsSync(join(ROOT, path)));
  for (const path of list) {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    writeFileSync(join(target, path), readFileSync(join(ROOT, path)));
  }
  // Executable bits matter for nothing here: every script is started as `bash file` or via npm.
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * Node 24 from the npm registry (the only place these machines can get it), unpacked once into the
 * user's cache: its `bin/node` and, for native modules built offline, its headers (`include/node`).
 * `FRESH_SETUP_NODE=system` runs the check on the Node that runs `npm test` instead.
 * @returns {{ dir: string, version: string, globalconfig: string } | undefined}
 */
function node24() {
  if (process.env.FRESH_SETUP_NODE === "system") return undefined;
  const arch = process.arch === "arm64" ? "arm64" : "x64";
  const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "rar-legal", `node-24-${arch}`);
  const dir = join(cache, "package");
  if (!existsSync(join(dir, "bin", "node"))) {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    const tarball = execFileSync("npm", ["pack", `node-linux-${arch}@24`, "--silent", "--pack-destination", cache], {
      cwd: cache,
      encoding: "utf8",
    }).trim();
    execFileSync("tar", ["xzf", join(cache, tarball.split("\n").at(-1) ?? ""), "-C", cache]);
  }
  const version = execFileSync(join(dir, "bin", "node"), ["--version"], { encoding: "utf8" }).trim();
  // npm finds the machine's settings (its registry's CA, say) in `<node's prefix>/etc/npmrc`; a Node
  // unpacked elsewhere has another prefix, so it is pointed at the file the machine's npm reads.
  const globalconfig = execFileSync("npm", ["config", "get", "globalconfig"], { encoding: "utf8" }).trim();
  return { dir, version, globalconfig };
}

/** @type {{ dir: string, version: string, globalconfig: string } | undefined} the Node the copy is set up with */
let runtime;

/** What a new user's shell has: no npm_* variables, no CI flag, no project binaries on PATH. */
function newUserEnv() {
  const path = [
    ...(runtime ? [join(runtime.dir, "bin")] : []),
    ...(process.env.PATH ?? "").split(":").filter((entry) => entry && !entry.includes("node_modules")),
  ].join(":");
  /** @type {Record<string, string>} */
  const env = { PATH: path, HOME: process.env.HOME ?? "/root" };
  // A Node 24 user offline builds better-sqlite3 against Node 24's headers (README, Requirements).
  if (runtime) {
    env.npm_config_nodedir = runtime.dir;
    if (runtime.globalconfig && existsSync(runtime.globalconfig)) env.npm_config_globalconfig = runtime.globalconfig;
  }
  for (const name of ["LANG", "LC_ALL", "TERM", "USER", "TMPDIR"]) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

class SetupRun {
  /** @type {number | null | undefined} exit code once npm has exited */
  exited = undefined;

  /** @param {string} repo @param {string} logFile */
  constructor(repo, logFile) {
    this.log = logFile;
    const out = createWriteStream(logFile, { flags: "a" });
    this.child = spawn("npm", ["run", "setup"], {
      cwd: repo,
      env: newUserEnv(),
      detached: true, // its own process group: stopping it stops next start and npm alike
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout?.pipe(out);
    this.child.stderr?.pipe(out);
    this.child.on("exit", (code) => {
      this.exited = code;
    });
  }

  output() {
    return existsSync(this.log) ? readFileSync(this.log, "utf8") : "";
  }

  /** @param {number} port */
  async waitHealthy(port) {
    const deadline = Date.now() + SETUP_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.exited !== undefined)
        throw new Error(`npm run setup가 서버를 띄우기 전에 끝났습니다 (종료 코드 ${this.exited}).`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok && (await response.json()).ok === true) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error(`${SETUP_TIMEOUT_MS / 60_000}분 안에 /api/health가 응답하지 않았습니다.`);
  }

  /** Stops npm and everything it started, and waits until nothing answers on the port any more. */
  /** @param {number} port */
  async stop(port) {
    const pid = this.child.pid;
    if (pid === undefined) return;
    /** @param {NodeJS.Signals} name */
    const signal = (name) => {
      try {
        process.kill(-pid, name);
      } catch {
        // the group is gone already
      }
    };
    // Until every process of the group is gone: a server in its graceful shutdown stops listening
    // at once but keeps answering on open keep-alive connections (fetch's pool holds one).
    const groupAlive = () => {
      try {
        process.kill(-pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    signal("SIGTERM");
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (groupAlive() || (await listening(port)))) {
      if (Date.now() > deadline - 10_000) signal("SIGKILL");
      await new Promise((r) => setTimeout(r, 250));
    }
    if (await listening(port)) throw new Error(`서버를 멈춘 뒤에도 포트 ${port}가 열려 있습니다.`);
  }
}

/** @param {number} port @returns {Promise<boolean>} */
function listening(port) {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** The one-time password block scripts/db-seed.ts prints. */
/** @param {string} log */
function printedCredentials(log) {
  const email = /관리자 계정: (\S+)/.exec(log)?.[1];
  const password = /일회용 비밀번호: (\S+)/.exec(log)?.[1];
  return email && password ? { email, password } : undefined;
}

/** Hidden fields React renders into a server-action form, so it also works without JavaScript. */
/** @param {string} html */
function hiddenFields(html) {
  const form = /<form[^>]*data-testid="login-form"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1];
  if (!form) throw new Error("로그인 페이지에 로그인 양식이 없습니다.");
  /** @type {[string, string][]} */
  const fields = [];
  for (const tag of form.match(/<input[^>]*type="hidden"[^>]*>/g) ?? []) {
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? "";
    if (name) fields.push([decodeEntities(name), decodeEntities(value)]);
  }
  return fields;
}

/** @param {string} text */
function decodeEntities(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Signs in by posting the login form; returns the session cookie ("name=value"). */
/** @param {string} base @param {string} email @param {string} password */
async function signIn(base, email, password) {
  const page = await fetch(`${base}/login`);
  if (!page.ok) throw new Error(`/login: HTTP ${page.status}`);
  const form = new FormData();
  for (const [name, value] of hiddenFields(await page.text())) form.append(name, value);
  form.append("email", email);
  form.append("password", password);
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { Origin: base },
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.includes("=") && !pair.endsWith("="));
  if (!cookie) throw new Error(`로그인 응답에 세션 쿠키가 없습니다 (HTTP ${response.status}).`);
  return cookie;
}

/** A signed-in page: "/" with the cookie renders the app instead of redirecting to /login. */
/** @param {string} base @param {string | undefined} cookie */
async function assertSignedIn(base, cookie) {
  const response = await fetch(`${base}/`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  const location = response.headers.get("location") ?? "";
  return response.status === 200 && !location.includes("/login");
}

/** @param {string} text */
function tail(text, lines = 40) {
  return text.split("\n").slice(-lines).join("\n");
}

/**
 * Moves the copy's build to `target` (a rename; a copy where the temporary folder is on another file
 * system). Its links to packages are relative (.next/node_modules → ../../node_modules), so the build
 * runs from the checkout's own install of the same lockfile.
 * @param {string} from @param {string} target
 */
function handOver(from, target) {
  if (!existsSync(join(from, "BUILD_ID"))) return;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(dirname(target), { recursive: true });
  try {
    renameSync(from, target);
  } catch {
    cpSync(from, target, { recursive: true, verbatimSymlinks: true });
  }
  console.log(`빌드를 넘겨줌: ${target}`);
}

/** @type {{ run: SetupRun, port: number, dir: string } | undefined} the run to stop if we are stopped */
let active;
// `npm test` interrupted (Ctrl+C, a failed install): stop the app this check started, leave nothing behind.
for (const name of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.once(name, async () => {
    if (active) {
      await active.run.stop(active.port).catch(() => {});
      if (!keep) rmSync(active.dir, { recursive: true, force: true });
    }
    process.exit(1);
  });
}

async function main() {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), "rar-fresh-setup-"));
  const repo = join(dir, "repo");
  const port = await freePort();
  const gotNode = await check("Node 24 (현재 LTS) 준비: npm 레지스트리의 node-linux 패키지", async () => {
    runtime = node24();
    if (runtime && !runtime.version.startsWith("v24."))
      throw new Error(`Node 24가 아니라 ${runtime.version}을 받았습니다.`);
  });
  console.log(`새 복제본: ${repo} (포트 ${port}, Node ${runtime?.version ?? process.version})`);
  copyWorkingTree(repo);
  // The user's own settings file: only the port.
  writeFileSync(join(repo, ".env"), `PORT=${port}\n`);
  const base = `http://127.0.0.1:${port}`;
  /** @type {{ email: string, password: string } | undefined} */
  let credentials;
  /** @type {string | undefined} */
  let cookie;
  /** @type {string | undefined} */
  let failedLog;

  const first = new SetupRun(repo, join(dir, "setup-1.log"));
  active = { run: first, port, dir };
  try {
    const healthy = await check(
      `npm run setup (Node ${runtime?.version ?? process.version}): 빈 복제본에서 설치·DB 준비·빌드 후 /api/health 응답`,
      async () => {
        await first.waitHealthy(port);
        // setup.sh names the Node it runs on (and `next start` with it): the runtime, not just the PATH.
        const used = /Node (v\d+\.\d+\.\d+)/.exec(first.output())?.[1];
        if (runtime && used !== runtime.version)
          throw new Error(`setup이 ${runtime.version}이 아니라 ${used ?? "알 수 없는 Node"}에서 돌았습니다.`);
      },
    );
    if (healthy) {
      await check("출력된 일회용 비밀번호로 HTTP 로그인", async () => {
        credentials = printedCredentials(first.output());
        if (!credentials) throw new Error("setup 출력에 관리자 이메일과 일회용 비밀번호가 없습니다.");
        if (await assertSignedIn(base, undefined)) throw new Error("로그인하지 않았는데 첫 화면이 열립니다.");
        cookie = await signIn(base, credentials.email, credentials.password);
        if (!(await assertSignedIn(base, cookie))) throw new Error("로그인 후에도 첫 화면이 로그인으로 보냅니다.");
      });
    } else failedLog = first.output();
  } finally {
    await first.stop(port);
  }

  if (credentials && cookie) {
    const second = new SetupRun(repo, join(dir, "setup-2.log"));
    active = { run: second, port, dir };
    try {
      await check("npm run setup 두 번째 실행: 같은 데이터와 관리자 계정으로 다시 시작", async () => {
        await second.waitHealthy(port);
        const log = second.output();
        if (printedCredentials(log)) throw new Error("두 번째 실행이 새 일회용 비밀번호를 만들었습니다.");
        if (!log.includes("관리자 계정이 이미 있습니다"))
          throw new Error("두 번째 실행이 기존 관리자를 알리지 않았습니다.");
        if (!log.includes("지난 빌드를 그대로"))
          throw new Error("바뀐 파일이 없는데 두 번째 실행이 다시 빌드했습니다.");
        if (!(await assertSignedIn(base, cookie))) throw new Error("첫 실행의 로그인 세션이 사라졌습니다.");
        const again = await signIn(base, credentials?.email ?? "", credentials?.password ?? "");
        if (!(await assertSignedIn(base, again))) throw new Error("같은 비밀번호로 다시 로그인할 수 없습니다.");
      });
      if (checks.at(-1)?.status === "failed") failedLog = second.output();
    } finally {
      await second.stop(port);
    }
  }

  const failed = checks.filter((c) => c.status === "failed").length;
  const passed = checks.length - failed;
  mkdirSync(join(ROOT, "reports"), { recursive: true });
  writeFileSync(
    join(ROOT, "reports", "fresh-setup.json"),
    JSON.stringify({
      numPassedTests: passed,
      numFailedTests: failed,
      numPendingTests: 0,
      testResults: [
        { name: "scripts/fresh-setup-check.ts", status: failed ? "failed" : "passed", assertionResults: checks },
      ],
    }),
  );
  if (failedLog !== undefined) console.log(`\n--- setup 출력의 끝 ---\n${tail(failedLog)}\n---`);
  console.log(`새 복제본 점검: ${passed} passed, ${failed} failed (${Math.round((Date.now() - started) / 1000)} s)`);
  const allPassed = failed === 0 && checks.length === 4 && gotNode;
  if (handOverBuild && allPassed) handOver(join(repo, ".next"), resolve(ROOT, handOverBuild));
  if (keep) console.log(`남겨 둔 폴더: ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  return allPassed ? 0 : 1;
}

process.exit(await main());
