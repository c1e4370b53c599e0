// Viewer benchmark: the production server opening very large decisions (7.5 MB, allowed by the
// default DECISION_MAX_MB of 8, and 60 MB), alone and five lawyers at once, while another client
// asks /api/health one request after another. Prints figures; asserts nothing.
//   npm run bench:viewer [-- --sizes 7.5,60 --viewers 5 --port 3191 --import-mb 60 --keep]
// Last, `npm run ingest` of one very large decision (--import-mb, 0 to skip) in another process
// while the server answers /api/health: the longest answer is what every lawyer would wait.
// The decisions are our fixtures (tests/fixtures/decisions) with their archives swapped for padded
// ones (tests/support/large-decision.ts), and cut into parts as the import cuts them: importing
// 60 MB takes minutes and measures the import; the viewer reads only the archive and its parts.
// "cold": the archive was just rewritten, so the server reads its parts (or, without them, the whole
// archive); "warm": it was opened before.
import "./cli";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chunkId } from "../lib/ingest/chunk";
import { decisionFile } from "../lib/ingest/decision-archive";
import { storeParts } from "../lib/precedent/decision-parts";
import { VIEWER_HTML_CAP_BYTES } from "../lib/precedent/pages";
import { startFakeOpenAI } from "../tests/fake-servers/openai-server";
import { startFakeRerank } from "../tests/fake-servers/rerank-server";
import { largeDecisionJson, writeLargeDecision } from "../tests/support/large-decision";
import { benchChildren, benchEnv, percentile, prepareBench, rssOf, startBenchServer } from "./bench-support";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const SIZES_MB = arg("--sizes", "7.5,60")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const VIEWERS = Number(arg("--viewers", "5"));
const PORT = Number(arg("--port", "3191"));
const IMPORT_MB = Number(arg("--import-mb", "60"));
// Fixture decisions, one per size (each has a 판결요지 to pad), and one left as it is.
const CASES = ["2096누3", "2097도55", "2098므21, 22"];
const ORDINARY = "2098다1001";

const work = mkdtempSync(join(tmpdir(), "rar-viewer-"));
const dataDir = join(work, "data");
const embeddings = await startFakeOpenAI({ embeddingDimensions: 64 });
const reranker = await startFakeRerank();
const env = benchEnv({
  dbUrl: `file:${join(dataDir, "app.db")}`,
  dataDir,
  admin: "viewer",
  endpoints: { llm: embeddings.url, embeddings: embeddings.url, rerank: reranker.url },
});
const { run, tsx } = benchChildren(env);

console.log(`작업 폴더 ${work}`);
mkdirSync(dataDir, { recursive: true });
const cookies = await prepareBench({ run, tsx }, "tests/fixtures/decisions", VIEWERS);
const corpusId = readdirSync(join(dataDir, "corpora"))[0] ?? "";

const { server, base } = await startBenchServer(env, PORT);
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssOf(server.pid));
}, 100);

interface Opened {
  status: number;
  ttfbMs: number;
  totalMs: number;
  bytes: number;
}

/** One viewer page, read as a browser reads it: time to its first byte of body, to its end, its size. */
async function open(path: string, cookie: string): Promise<Opened> {
  const t0 = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { cookie } });
  const reader = response.body?.getReader();
  let ttfbMs = Number.NaN;
  let bytes = 0;
  for (;;) {
    const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
    if (done) break;
    if (Number.isNaN(ttfbMs)) ttfbMs = performance.now() - t0;
    bytes += value.byteLength;
  }
  return { status: response.status, ttfbMs, totalMs: performance.now() - t0, bytes };
}

/** Runs `work` while another client asks /api/health one request after another; the slowest answer. */
async function withHealth<T>(work: () => Promise<T>): Promise<{ value: T; healthMaxMs: number; healthCount: number }> {
  const times: number[] = [];
  let done = false;
  const poll = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      times.push(performance.now() - t0);
    }
  })();
  const value = await work();
  done = true;
  await poll;
  return { value, healthMaxMs: Math.max(0, ...times), healthCount: times.length };
}

const fmt = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)}` : "—");
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(2);
// Health alone first: the baseline the figures below compare with.
const idle = await withHealth(() => new Promise((r) => setTimeout(r, 2_000)));
console.log(`\n쉬는 서버의 /api/health: 2초 동안 ${idle.healthCount}번, 가장 느린 응답 ${fmt(idle.healthMaxMs)} ms`);
console.log(`응답 하나의 HTML 한도: ${mb(VIEWER_HTML_CAP_BYTES)} MB\n`);
console.log("| 열기 | 상태 | 첫 바이트 ms | 전체 ms | HTML MB | 그동안 health 최대 ms | 서버 RSS 최대 MB |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");

// An ordinary decision first: the viewer's first visit after a start loads its code and starts its
// worker whatever the size; then the same page five at once, the baseline for the rows below.
const ordinary = `/precedents/${encodeURIComponent(ORDINARY)}?corpus=${corpusId}`;
const row = async (label: string, work: () => Promise<Opened[]>) => {
  peakRss = rssOf(server.pid);
  const { value, healthMaxMs } = await withHealth(work);
  const ok = value.filter((o) => o.status === 200).length;
  const ttfb = value.map((o) => o.ttfbMs);
  const total = value.map((o) => o.totalMs);
  const many = value.length > 1;
  const both = (list: number[]) =>
    many ? `${fmt(percentile(list, 50))} / ${fmt(Math.max(...list))}` : fmt(list[0] ?? Number.NaN);
  console.log(
    `| ${label} | ${ok}/${value.length} OK | ${both(ttfb)} | ${both(total)} | ${mb(Math.max(...value.map((o) => o.bytes)))} | ${fmt(healthMaxMs)} | ${Math.round(peakRss / 1_048_576)} |`,
  );
};
await row("보통 판례, 서버 시작 후 첫 열기", async () => [await open(ordinary, cookies[0] ?? "")]);
await row("보통 판례, 혼자", async () => [await open(ordinary, cookies[0] ?? "")]);
await row(`보통 판례, ${VIEWERS}명 동시`, () => Promise.all(cookies.map((c) => open(ordinary, c))));

for (const [i, size] of SIZES_MB.entries()) {
  const caseNo = CASES[i] ?? "";
  const file = decisionFile(dataDir, corpusId, caseNo);
  const record = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  // 판결요지 padded, its own sentence 90% of the way in: its indexed chunk still points there.
  const summary = record.판결요지 ?? "";
  writeLargeDecision(file, size * 1_048_576, record, { section: "판결요지", block: summary });
  const citedId = chunkId(corpusId, caseNo, "판결요지", 0);
  // As `npm run ingest` leaves it: the archive, and its parts (lib/precedent/decision-parts.ts) with
  // where the indexed chunk starts; `withMap` false: as a decision imported before that map existed.
  const asImported = async (shift: number, withMap = true) => {
    utimesSync(file, new Date(), new Date(Date.now() + shift));
    const chunks = withMap ? [{ id: citedId, section: "판결요지", text: summary }] : [];
    await storeParts(
      file,
      JSON.parse(readFileSync(file, "utf8")) as Record<string, string>,
      undefined,
      undefined,
      chunks,
    );
  };
  await asImported(0);
  const viewer = `/precedents/${encodeURIComponent(caseNo)}?corpus=${corpusId}`;
  const cited = `${viewer}&hl=${citedId}&s=${encodeURIComponent(summary)}`;
  await row(`${size} MB, 처음, 혼자 (cold, 가져올 때 잘라 둔 부분)`, async () => [
    await open(viewer, cookies[0] ?? ""),
  ]);
  await row(`${size} MB, 다시, 혼자 (warm)`, async () => [await open(viewer, cookies[0] ?? "")]);
  await row(`${size} MB, 인용 구절로, 혼자 (warm)`, async () => [await open(cited, cookies[0] ?? "")]);
  // The archive rewritten without its parts (a decision imported before parts were kept): read
  // whole as before, and cut for the next first open.
  utimesSync(file, new Date(), new Date(Date.now() + 60_000));
  await row(`${size} MB, 처음, 혼자 (cold, 잘라 둔 부분 없음: 전체를 읽음)`, async () => [
    await open(viewer, cookies[0] ?? ""),
  ]);
  await asImported(120_000);
  await row(`${size} MB, 인용 구절로, 처음, 혼자 (cold, 잘라 둔 부분)`, async () => [
    await open(cited, cookies[0] ?? ""),
  ]);
  // Parts without the map: the first open searches for the passage part by part and adds its place
  // to the stored cut; the next first open goes straight to it.
  await asImported(150_000, false);
  await row(`${size} MB, 인용 구절로, 처음 (잘라 둔 부분, 위치 기록 없음: 찾아 읽음)`, async () => [
    await open(cited, cookies[0] ?? ""),
  ]);
  await new Promise((r) => setTimeout(r, 500)); // the worker writes the learned place after answering
  await row(`${size} MB, 인용 구절로, 다음 사람 (찾은 위치를 기록한 뒤)`, async () => [
    await open(cited, cookies[1] ?? cookies[0] ?? ""),
  ]);
  await asImported(180_000);
  await row(`${size} MB, ${VIEWERS}명 동시 (cold, 잘라 둔 부분)`, () =>
    Promise.all(cookies.map((c) => open(viewer, c))),
  );
  await row(`${size} MB, ${VIEWERS}명 동시 (warm)`, () => Promise.all(cookies.map((c) => open(viewer, c))));
}
console.log("\n(여러 명: 첫 바이트와 전체는 중앙값 / 최대)");

if (IMPORT_MB > 0) {
  // The server keeps serving while another process imports one very large decision (issue 23
  // item 3): the CLI writes chunks.db and app.db, the server's index worker applies the change log.
  const folder = join(work, "large-import");
  mkdirSync(folder);
  const record = { caseNo: "2099다77777", caseName: "손해배상", court: "대법원", decisionDate: "2099-01-02" };
  writeFileSync(join(folder, "large.json"), largeDecisionJson(IMPORT_MB * 1_048_576, record));
  const t0 = performance.now();
  const importing = run(["--import", "tsx", "scripts/ingest.ts", folder, "--corpus", "대용량"], false, {
    DECISION_MAX_MB: String(Math.ceil(IMPORT_MB) + 4),
  });
  const { healthMaxMs, healthCount } = await withHealth(() => importing);
  console.log(
    `\n${IMPORT_MB} MB 판례 하나를 npm run ingest로 가져오는 동안 (${fmt((performance.now() - t0) / 1000)} 초): ` +
      `/api/health ${healthCount}번, 가장 느린 응답 ${fmt(healthMaxMs)} ms (쉬는 서버 ${fmt(idle.healthMaxMs)} ms)`,
  );
}

clearInterval(sampler);
const exited = new Promise((resolve) => server.once("exit", resolve));
server.kill("SIGTERM");
await exited;
await Promise.all([embeddings.close(), reranker.close()]);
if (!process.argv.includes("--keep")) rmSync(work, { recursive: true, force: true });
process.exit(0);
