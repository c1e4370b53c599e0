// Reads the Vitest and Playwright JSON reports and prints one closing line:
//   "tests: N passed, N failed, N skipped"
// Usage: node scripts/test-summary.mjs <report.json>… — each a Vitest or a Playwright JSON report
// (told apart by their content; reports/vitest-pg.json is the PostgreSQL run, whose tests count as
// skipped where PostgreSQL could not be had).
// Exits 1 when a report is missing (a stage that never ran must not look green) or anything failed.
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;

for (const path of process.argv.slice(2)) {
  const label = basename(path, ".json");
  if (!existsSync(path)) {
    console.log(`${label}: 보고서 없음`);
    missing = true;
    continue;
  }
  const report = JSON.parse(readFileSync(path, "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that fails to load counts as a failure even if none of its tests ran.
    failed += (report.testResults ?? []).filter(
      (f) => f.status === "failed" && (f.assertionResults ?? []).length === 0,
    ).length;
    console.log(
      `${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
    );
  } else {
    const s = report.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    if ((report.errors ?? []).length > 0) failed += report.errors.length;
    console.log(
      `${label}: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped`,
    );
  }
}

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing ? 1 : 0);
