// Adds up Vitest's and Playwright's JSON reports (one Vitest report, then any number of Playwright ones) into one closing line, "N passed, N failed, N skipped",
// after the 15 slowest test files of each runner with their times, so every change to the suite is judged by numbers.
import fs from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
/** Each failed test by name with the first lines of why, printed last so the tail of a CI log says what failed and why. */
const failures = [];
/** Tests that failed and then passed on a retry: counted as passed, and each named, never hidden. */
const flaky = [];
const plain = (text) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "");
/** The first few non-empty lines of a failure message, indented under its test. */
const why = (messages) =>
  plain((messages ?? []).join("\n"))
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "")
    .slice(0, 6)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join("\n");
const [unitFile, ...e2eFiles] = process.argv.slice(2);
/** Seconds each test file took, per report ("unit", then each Playwright report by its file name). */
const fileTimes = new Map();
const addTime = (report, file, ms) => {
  if (!fileTimes.has(report)) fileTimes.set(report, new Map());
  const files = fileTimes.get(report);
  files.set(file, (files.get(file) ?? 0) + (Number.isFinite(ms) && ms > 0 ? ms : 0));
};

if (unitFile && fs.existsSync(unitFile)) {
  const unit = JSON.parse(fs.readFileSync(unitFile, "utf8"));
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
  skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
  if (unit.success === false && (unit.numFailedTests ?? 0) === 0) failed += 1; // a suite that failed to load
  for (const file of unit.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? "");
    // A file's wall time in its worker: from its first test's start to its last test's end (set-up included).
    addTime("unit (Vitest)", name, (file.endTime ?? 0) - (file.startTime ?? 0));
    if (file.status === "failed" && (file.assertionResults ?? []).every((t) => t.status !== "failed"))
      failures.push(`${name}: ${(file.message ?? "").split("\n")[0]}`);
    for (const t of file.assertionResults ?? [])
      if (t.status === "failed") failures.push(`${name} › ${t.fullName}\n${why(t.failureMessages)}`);
  }
} else {
  failed += 1;
  console.log("unit: no report (the run did not finish)");
}

for (const e2eFile of e2eFiles) {
  if (fs.existsSync(e2eFile)) {
    const stats = JSON.parse(fs.readFileSync(e2eFile, "utf8")).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    skipped += stats.skipped ?? 0;
    const report = `e2e (${path.basename(e2eFile)})`;
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? []) {
          // Test time summed over a file's tests in every project and retry: what the file costs the run.
          for (const r of t.results ?? []) addTime(report, spec.file, r.duration ?? 0);
          // The setup project retries its steps itself and never fails (e2e/support/auth.setup.ts):
          // what it notes is counted here, a retried step as flaky and a step that failed every try
          // as a failure.
          const notes = [...(t.annotations ?? []), ...(t.results ?? []).flatMap((r) => r.annotations ?? [])];
          const noted = (type) => [...new Set(notes.filter((a) => a.type === type).map((a) => a.description))];
          for (const description of noted("setup-failed")) {
            failed += 1;
            failures.push(`${spec.file}:${spec.line} › ${spec.title} [${t.projectName}]: every try failed\n      ${description}`);
          }
          const retries = noted("setup-retry");
          if (retries.length > 0)
            flaky.push(
              `${spec.file}:${spec.line} › ${spec.title} [${t.projectName}], ${retries.length} try(s) failed first\n${retries.map((d) => `      ${d}`).join("\n")}`,
            );
          if (t.status === "flaky")
            flaky.push(
              `${spec.file}:${spec.line} › ${spec.title} [${t.projectName}], passed on try ${(t.results ?? []).length}\n${why((t.results ?? []).flatMap((r) => (r.errors ?? []).map((e) => e.message)).slice(0, 1))}`,
            );
          if (t.status === "unexpected")
            failures.push(
              `${spec.file}:${spec.line} › ${spec.title} [${t.projectName}]\n${why((t.results ?? []).flatMap((r) => (r.errors ?? []).map((e) => e.message)).slice(-1))}`,
            );
        }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(fs.readFileSync(e2eFile, "utf8")).suites ?? []) walk(suite);
    if ((stats.expected ?? 0) + (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (stats.skipped ?? 0) === 0) failed += 1;
  } else {
    failed += 1;
    console.log(`${e2eFile}: no report (the run did not finish)`);
  }
}

for (const [report, files] of fileTimes) {
  const slowest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 15);
  if (slowest.length === 0) continue;
  console.log(`slowest test files, ${report}:`);
  for (const [file, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)}s  ${file}`);
}

if (flaky.length > 0) {
  console.log("flaky (failed, then passed on a retry):");
  for (const f of flaky) console.log(`  ${f}`);
}
if (failures.length > 0) {
  console.log("failed:");
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`${passed} passed${flaky.length > 0 ? ` (${flaky.length} flaky)` : ""}, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
