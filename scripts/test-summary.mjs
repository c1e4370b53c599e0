// Reads the Vitest and Playwright JSON reports and prints one closing line:
//   "tests: N passed, N failed, N skipped"
// Exits 1 when a report is missing (a stage that never ran must not look green) or anything failed.
import { existsSync, readFileSync } from "node:fs";

const [vitestPath, playwrightPath] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;

if (existsSync(vitestPath)) {
  const v = JSON.parse(readFileSync(vitestPath, "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  // A file that fails to load counts as a failure even if none of its tests ran.
  failed += (v.testResults ?? []).filter(
    (f) => f.status === "failed" && (f.assertionResults ?? []).length === 0,
  ).length;
  console.log(`vitest: ${v.numPassedTests} passed, ${v.numFailedTests} failed, ${v.numPendingTests} skipped`);
} else {
  console.log("vitest: 보고서 없음");
  missing = true;
}

if (existsSync(playwrightPath)) {
  const p = JSON.parse(readFileSync(playwrightPath, "utf8"));
  const s = p.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  if ((p.errors ?? []).length > 0) failed += p.errors.length;
  console.log(
    `playwright: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped`,
  );
} else {
  console.log("playwright: 보고서 없음");
  missing = true;
}

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing ? 1 : 0);
