// Reads the Vitest and Playwright JSON reports and prints one closing line:
//   "tests: N passed, N failed, N skipped"
// Usage: node scripts/test-summary.mjs <report.json>… — each a Vitest or a Playwright JSON report
// (told apart by their content; reports/vitest-pg.json is the PostgreSQL run, whose tests count as
// skipped where PostgreSQL could not be had).
// Exits 1 when a report is missing (a stage that never ran must not look green) or anything failed.
// Each failed test is named again here with the start of its error: the end of a CI log is often
// all that is kept of it, and a stage's own output (long before) may be cut away.
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { stripVTControlCharacters } from "node:util";

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;
/** @type {string[]} */
const failures = [];

/** @param {string} where @param {unknown[]} messages */
function noteFailure(where, messages) {
  // Reporters colour their text; the log is read as plain text.
  const text = stripVTControlCharacters(messages.map(String).join("\n"));
  const lines = text
    .split("\n")
    .filter((line) => line.trim())
    .slice(0, 12);
  failures.push(`✗ ${where}\n${lines.map((line) => `    ${line.slice(0, 300)}`).join("\n")}`);
}

/** Failed tests of a Playwright JSON report (suites nest; a spec's tests each have results). */
function playwrightFailures(suite, file) {
  for (const child of suite.suites ?? []) playwrightFailures(child, child.file ?? file);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== "unexpected") continue;
      const last = (test.results ?? []).at(-1);
      const errors = (last?.errors ?? []).map((e) => e.message ?? e.value ?? "");
      noteFailure(`${file} › ${spec.title}`, errors.length ? errors : [last?.status ?? "failed"]);
    }
  }
}

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
    for (const file of report.testResults ?? []) {
      const name = String(file.name ?? "").replace(/^.*?\/(tests|e2e)\//, "$1/");
      // A file that fails to load counts as a failure even if none of its tests ran.
      if (file.status === "failed" && (file.assertionResults ?? []).length === 0) {
        failed += 1;
        noteFailure(`${label} ${name}`, [file.message ?? "failed to load"]);
      }
      for (const test of file.assertionResults ?? []) {
        if (test.status === "failed") noteFailure(`${label} ${name} › ${test.fullName}`, test.failureMessages ?? []);
      }
    }
    console.log(
      `${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
    );
  } else {
    const s = report.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    if ((report.errors ?? []).length > 0) failed += report.errors.length;
    for (const error of report.errors ?? []) noteFailure(`${label}`, [error.message ?? ""]);
    for (const suite of report.suites ?? []) playwrightFailures(suite, suite.file ?? "");
    console.log(
      `${label}: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped`,
    );
  }
}

if (failures.length) console.log(`\n실패한 시험 ${failures.length}개:\n${failures.slice(0, 10).join("\n")}\n`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing ? 1 : 0);
