// Load benchmark: the production server with fake model servers of realistic latency (400 ms to the
// first token, 40 tokens/s), N simulated lawyers asking at once through the same server action the
// browser uses, without and with an import running. Prints figures; asserts nothing.
//   npm run bench:load [-- --lawyers 1,8,20,50 --questions 1 --import-decisions 2000 --no-import --no-refresh
//                          --searches N --mcp-batches N --mcp-calls 20 --probe --mixed --postgres --profile DIR]
// Beside the lawyers' questions, each round can start N 판례 검색 page loads (--searches), N MCP
// batches of --mcp-calls search_precedents calls each (--mcp-batches), and a monitor polling
// /api/health one request after another (--probe: the health gap, the longest any request waited).
// --mixed is the firm at once: --lawyers 8 --searches 8 --mcp-batches 2 --probe --no-import.
// Per round it prints the server main thread's CPU per question (/proc: the thread that runs every
// request; its CPU is what one lawyer's question takes from all the others) and the whole process's.
// --postgres: the app database on a private, throwaway PostgreSQL (scripts/pg-test-server.sh)
// instead of SQLite; busy errors are counted from the server log either way.
// --no-refresh: only the server action, without the browser's two refreshes of the chat page per question.
// --profile DIR: the server writes a V8 CPU profile (.cpuprofile, for Chrome's DevTools) into DIR when it stops.
import "./cli";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RATIONALE_MARKER } from "../lib/ai/prompts/judge";
import { startFakeOpenAI } from "../tests/fake-servers/openai-server";
import { startFakeRerank } from "../tests/fake-servers/rerank-server";
import { healthProbe, mcpBatch, type ProbeFigures, searchPage, type TimedResult } from "./bench-load-mix";
import {
  benchChildren,
  benchEnv,
  percentile,
  prepareBench,
  rssOf,
  startBenchServer,
  syntheticCorpus,
} from "./bench-support";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const MIXED = process.argv.includes("--mixed");
const LAWYERS = arg("--lawyers", MIXED ? "8" : "1,8,20,50")
  .split(",")
  .map(Number);
const QUESTIONS = Number(arg("--questions", "1"));
const WITH_IMPORT = !MIXED && !process.argv.includes("--no-import");
const SEARCHES = Number(arg("--searches", MIXED ? "8" : "0"));
const MCP_BATCHES = Number(arg("--mcp-batches", MIXED ? "2" : "0"));
const MCP_CALLS = Number(arg("--mcp-calls", "20"));
const PROBE = MIXED || process.argv.includes("--probe");
const IMPORT_DECISIONS = Number(arg("--import-decisions", "2000"));
const PORT = Number(arg("--port", "3190"));
// As the browser does: the chat page's RSC refresh when a new chat gets its id and when the answer ends.
const REFRESH = !process.argv.includes("--no-refresh");
const SOURCE = existsSync("../shared/data/precedents") ? "../shared/data/precedents" : "tests/fixtures/decisions";

const work = mkdtempSync(join(tmpdir(), "rar-load-"));
const dataDir = join(work, "data");
const postgres = process.argv.includes("--postgres")
  ? (() => {
      const [url, dir] = execFileSync("bash", ["scripts/pg-test-server.sh", "start"], { encoding: "utf8" })
        .trim()
        .split(/\s+/);
      if (!url || !dir) throw new Error("PostgreSQL를 시작하지 못했습니다 (scripts/pg-test-server.sh start).");
      return { url, dir };
    })()
  : undefined;
const dbUrl = postgres?.url ?? `file:${join(dataDir, "app.db")}`;

// ── fake models: 400 ms to first token, 40 tokens/s at ~2 characters a token ─────────────────────
const answerText =
  "회원은 계약을 중도에 해지하고 남은 기간의 이용료 반환을 청구할 수 있습니다(대법원 2030다1234). 사업자는 이미 이용한 기간의 대가와 합리적인 위약금만 공제할 수 있고, 나머지 이용료는 돌려주어야 합니다.";
const llm = await startFakeOpenAI({
  latencyMs: 400,
  chunkSize: 2,
  chunkDelayMs: 25,
  embeddingDimensions: 64,
  rules: [
    { system: "법률 분석가", reply: "계속적 이용계약의 중도 해지와 잔여 기간 이용료 반환 청구의 가부" },
    {
      system: "대법원 판사",
      reply: `쟁점은 중도 해지한 회원의 잔여 이용료 반환이다.\n${RATIONALE_MARKER}\n계속적 이용계약의 회원은 계약을 중도에 해지할 수 있고, 사업자는 이미 제공한 용역의 대가와 상당한 위약금을 공제한 나머지 이용료를 반환하여야 한다.`,
    },
    { system: "리서치 어시스턴트", reply: answerText },
  ],
});
const embeddings = await startFakeOpenAI({ latencyMs: 30, embeddingDimensions: 64 });
const reranker = await startFakeRerank({ latencyMs: 50 });

const env = benchEnv({
  dbUrl,
  dataDir,
  admin: "load",
  endpoints: { llm: llm.url, embeddings: embeddings.url, rerank: reranker.url },
});
const children = benchChildren(env);

console.log(`작업 폴더 ${work}; 말뭉치 ${SOURCE}; 데이터베이스 ${postgres ? "PostgreSQL" : "SQLite"}`);
mkdirSync(dataDir, { recursive: true });
const cookies = await prepareBench(children, SOURCE, Math.max(...LAWYERS, SEARCHES, 1));
const mcpToken =
  MCP_BATCHES > 0 ? (JSON.parse(await children.tsx("scripts/bench-load-users.ts", ["--token"])) as string) : "";

// ── the server, and its memory ────────────────────────────────────────────────────────────────────
const profileDir = arg("--profile", "");
const started = await startBenchServer(env, PORT, profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []);
const { server, base } = started;
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();
/** CPU milliseconds used so far (user + system) by a process, or by one of its threads when `tid` is given. */
const cpuMsOf = (pid: number | undefined, tid?: number): number => {
  try {
    const stat = readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
};
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssOf(server.pid));
}, 200);

const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
  node: Record<string, { exportedName?: string }>;
};
const askId = Object.entries(manifest.node).find(([, v]) => v.exportedName === "askAction")?.[0];
if (!askId) throw new Error("askAction not found in the build's server reference manifest");

interface Sample {
  ok: boolean;
  firstVisibleMs: number;
  firstAnswerMs: number;
  totalMs: number;
  /** State frames the browser received, and the stream's size (decoded, as the browser parses it). */
  frames: number;
  bytes: number;
}

/** A router.refresh() of the chat page: its server components rendered again as an RSC payload. */
async function refresh(cookie: string, chatId: string): Promise<void> {
  const response = await fetch(`${base}/chat/${chatId}`, { headers: { RSC: "1", cookie } }).catch(() => undefined);
  await response?.arrayBuffer().catch(() => undefined);
}

/** One question through the server action, read as the browser reads it (RSC stream of state snapshots). */
async function ask(cookie: string, question: string): Promise<Sample> {
  const t0 = performance.now();
  const failed = {
    ok: false,
    firstVisibleMs: Number.NaN,
    firstAnswerMs: Number.NaN,
    totalMs: Number.NaN,
    frames: 0,
    bytes: 0,
  };
  try {
    const response = await fetch(`${base}/`, {
      method: "POST",
      headers: {
        "Next-Action": askId as string,
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        cookie,
      },
      body: JSON.stringify([{ question }]),
    });
    if (!response.ok || !response.body) return failed;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let firstVisibleMs = Number.NaN;
    let firstAnswerMs = Number.NaN;
    let chatId: string | undefined;
    const refreshes: Promise<void>[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      // The browser's router.refresh() once a new chat has its id (chat-view.tsx), beside the stream.
      if (!chatId && REFRESH) {
        chatId = /"chatId":"([^"]+)"/.exec(text)?.[1];
        if (chatId) refreshes.push(refresh(cookie, chatId));
      }
      const at = performance.now() - t0;
      // Visible progress: the first state snapshot after the initial one (a search count, the
      // analytical query being written, the waiting notice — each is shown as it arrives).
      if (Number.isNaN(firstVisibleMs) && (text.match(/\{"curr":/g) ?? []).length >= 2) firstVisibleMs = at;
      if (Number.isNaN(firstAnswerMs) && /"answer":"[^"]/.test(text)) firstAnswerMs = at;
    }
    const totalMs = performance.now() - t0;
    // …and again when the answer is done (the sidebar's chat list): the lawyer's next question waits for it.
    if (chatId) refreshes.push(refresh(cookie, chatId));
    await Promise.all(refreshes);
    const frames = (text.match(/\{"curr":/g) ?? []).length;
    return { ok: /"status":"done"/.test(text), firstVisibleMs, firstAnswerMs, totalMs, frames, bytes: text.length };
  } catch {
    return failed;
  }
}

interface Round {
  samples: Sample[];
  wallMs: number;
  searches: TimedResult[];
  batches: TimedResult[];
  probe?: ProbeFigures;
}

async function round(lawyers: number): Promise<Round> {
  const t0 = performance.now();
  const probe = PROBE ? healthProbe(base) : undefined;
  // Searchers and assistants start with the lawyers, each on their own; the round ends with the last.
  const searches = Promise.all(
    Array.from({ length: SEARCHES }, (_, i) => searchPage(base, cookies[i % cookies.length] as string, i)),
  );
  const batches = Promise.all(Array.from({ length: MCP_BATCHES }, (_, i) => mcpBatch(base, mcpToken, MCP_CALLS, i)));
  const perLawyer = await Promise.all(
    Array.from({ length: lawyers }, async (_, i) => {
      const out: Sample[] = [];
      for (let q = 0; q < QUESTIONS; q++) {
        out.push(await ask(cookies[i] as string, `헬스 회비를 돌려받을 수 있나요? (변호사 ${i + 1}, 질문 ${q + 1})`));
      }
      return out;
    }),
  );
  const [searched, batched] = await Promise.all([searches, batches]);
  const wallMs = performance.now() - t0;
  return { samples: perLawyer.flat(), wallMs, searches: searched, batches: batched, probe: await probe?.stop() };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const fmt = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)}` : "—");
const rows: string[] = [];
const mixRows: string[] = [];
const timed = (xs: TimedResult[]) => {
  const ms = xs.filter((x) => x.ok).map((x) => x.ms);
  return `${ms.length}/${xs.length} | ${fmt(percentile(ms, 50))} / ${fmt(percentile(ms, 95))}`;
};
async function measure(label: string): Promise<void> {
  for (const n of LAWYERS) {
    peakRss = rssOf(server.pid);
    // The main thread's id is the process id (Linux); the index worker and GC helpers are other threads.
    const mainBefore = cpuMsOf(server.pid, server.pid);
    const allBefore = cpuMsOf(server.pid);
    const { samples, wallMs, searches, batches, probe } = await round(n);
    const mainCpu = (cpuMsOf(server.pid, server.pid) - mainBefore) / samples.length;
    const allCpu = (cpuMsOf(server.pid) - allBefore) / samples.length;
    const ok = samples.filter((s) => s.ok);
    const first = ok.map((s) => s.firstVisibleMs);
    const answer = ok.map((s) => s.firstAnswerMs);
    const total = ok.map((s) => s.totalMs);
    rows.push(
      `| ${label} | ${n} | ${ok.length}/${samples.length} | ${samples.length - ok.length} | ${fmt(percentile(first, 50))} / ${fmt(percentile(first, 95))} | ${fmt(percentile(answer, 50))} / ${fmt(percentile(answer, 95))} | ${fmt(percentile(total, 50))} / ${fmt(percentile(total, 95))} | ${fmt(wallMs)} | ${fmt(mainCpu)} / ${fmt(allCpu)} | ${fmt(mean(ok.map((s) => s.frames)))} / ${fmt(mean(ok.map((s) => s.bytes)) / 1024)} | ${Math.round(peakRss / 1_048_576)} |`,
    );
    console.log(rows.at(-1));
    if (SEARCHES || MCP_BATCHES || probe) {
      const gap = probe
        ? `${fmt(probe.maxGapMs)} / ${fmt(probe.p95Ms)} (${probe.samples}회, 실패 ${probe.failures})`
        : "—";
      mixRows.push(`| ${label} | ${n} | ${timed(searches)} | ${timed(batches)} | ${gap} |`);
    }
  }
}

console.log(
  "| 조건 | 변호사 | 완료 | 오류 | 첫 표시 p50/p95 ms | 첫 답변 글자 p50/p95 ms | 전체 p50/p95 ms | 전체 소요 ms | 질문당 CPU ms (주 스레드 / 프로세스) | 질문당 프레임 / KB | 서버 RSS 최대 MB |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
// One question first, not counted: the server's first request loads its modules and the index
// worker, which no later lawyer pays for.
await ask(cookies[0] as string, "예열 질문: 약혼 예물 반환");
// Likewise the search page's and the MCP route's modules, loaded by their first request only.
if (SEARCHES > 0) await searchPage(base, cookies[0] as string, SEARCHES);
if (MCP_BATCHES > 0) await mcpBatch(base, mcpToken, 1, MCP_BATCHES);
// What the server's main thread spends with nobody asking (timers, sweeps), to read the rows against.
const idleBefore = cpuMsOf(server.pid, server.pid);
await new Promise((r) => setTimeout(r, 5_000));
console.log(`(대기 중 주 스레드 CPU: 초당 ${fmt((cpuMsOf(server.pid, server.pid) - idleBefore) / 5)} ms)`);
await measure("가져오기 없음");

let importer: ChildProcess | undefined;
let importLog = "";
if (WITH_IMPORT) {
  const corpusDir = join(work, "import");
  const count = syntheticCorpus(SOURCE, corpusDir, IMPORT_DECISIONS);
  importer = spawn(process.execPath, ["--import", "tsx", "scripts/ingest.ts", corpusDir, "--corpus", "대량"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  importer.stdout?.on("data", (d) => (importLog += d));
  importer.stderr?.on("data", (d) => (importLog += d));
  // Let the import get going (past start-up) before the lawyers ask.
  await new Promise((r) => setTimeout(r, 3_000));
  console.log(`(가져오기 진행 중: 판례 ${count}건)`);
  await measure("가져오기 중");
}
if (mixRows.length) {
  console.log(
    `\n판례 검색 ${SEARCHES}건, MCP 일괄 요청 ${MCP_BATCHES}건(각 ${MCP_CALLS}회 호출)이 질문과 함께 시작됨:`,
  );
  console.log(
    "| 조건 | 변호사 | 검색 완료 | 검색 p50/p95 ms | MCP 완료 | MCP 일괄 p50/p95 ms | /api/health 최대 대기 / p95 ms |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const row of mixRows) console.log(row);
}
const importStillRunning = importer !== undefined && importer.exitCode === null;
importer?.kill("SIGTERM");
clearInterval(sampler);

// Nothing lost: every question and every finished answer is in the database.
const counts = JSON.parse(await children.tsx("scripts/bench-load-users.ts", ["--count"])) as Record<string, number>;
const busy = (started.log().match(/\[db:busy\]/g) ?? []).length;
const serverExited = new Promise((resolve) => server.once("exit", resolve));
server.kill("SIGTERM");
await serverExited;
await Promise.all([llm.close(), embeddings.close(), reranker.close()]);
console.log(
  `\n저장 확인: 질문 ${counts.user}건, 완료된 답변 ${counts.complete}건, 그 밖의 답변 ${counts.other}건; 서버 로그의 db:busy ${busy}건` +
    (WITH_IMPORT ? `; 측정이 끝날 때 가져오기 ${importStillRunning ? "진행 중이었음" : "이미 끝나 있었음"}` : ""),
);
if (!process.argv.includes("--keep")) rmSync(work, { recursive: true, force: true });
if (postgres) execFileSync("bash", ["scripts/pg-test-server.sh", "stop", postgres.dir]);
process.exit(0);
