import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Runs scripts/test-summary.mjs on reports written to a temporary folder; returns what it printed and its exit code. */
function summarise(unit: unknown, e2e: unknown[]): { out: string; code: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-summary-"));
  const unitFile = path.join(dir, "unit-results.json");
  fs.writeFileSync(unitFile, JSON.stringify(unit));
  const e2eFiles = e2e.map((report, i) => {
    const file = path.join(dir, `e2e-${i}.json`);
    fs.writeFileSync(file, JSON.stringify(report));
    return file;
  });
  try {
    const out = execFileSync(process.execPath, ["scripts/test-summary.mjs", unitFile, ...e2eFiles], { encoding: "utf8" });
    return { out, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; status: number };
    return { out: failed.stdout, code: failed.status };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const unitFileResult = (name: string, seconds: number) => ({
  name: path.join(process.cwd(), name),
  status: "passed",
  startTime: 1_000_000,
  endTime: 1_000_000 + seconds * 1000,
  assertionResults: [{ status: "passed", fullName: `${name} works` }],
});

describe("npm test's closing summary", () => {
  it("lists the 15 slowest test files of each runner, slowest first, before the closing line", () => {
    const files = Array.from({ length: 20 }, (_, i) => unitFileResult(`lib/f${i}.test.ts`, i + 1));
    const unit = { numPassedTests: 20, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, success: true, testResults: files };
    const spec = (file: string, durations: Array<{ project: string; ms: number }>) => ({
      file,
      line: 1,
      title: "t",
      tests: durations.map((d) => ({ projectName: d.project, status: "expected", results: [{ duration: d.ms }] })),
    });
    const e2e = {
      stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 },
      suites: [
        {
          specs: [
            spec("a.spec.ts", [
              { project: "console", ms: 2000 },
              { project: "customer", ms: 3500 },
            ]),
          ],
        },
        { suites: [{ specs: [spec("b.spec.ts", [{ project: "console", ms: 9000 }])] }] },
      ],
    };
    const { out, code } = summarise(unit, [e2e]);
    expect(code).toBe(0);
    const lines = out.trim().split("\n");
    const unitAt = lines.indexOf("slowest test files, unit (Vitest):");
    expect(unitAt).toBeGreaterThanOrEqual(0);
    const unitRows = lines.slice(unitAt + 1, unitAt + 16).map((l) => l.trim());
    expect(unitRows[0]).toBe("20.0s  lib/f19.test.ts");
    expect(unitRows[14]).toBe("6.0s  lib/f5.test.ts");
    expect(lines[unitAt + 16]).not.toMatch(/lib\/f4\.test\.ts/);
    const e2eAt = lines.indexOf("slowest test files, e2e (e2e-0.json):");
    expect(lines.slice(e2eAt + 1, e2eAt + 3).map((l) => l.trim())).toEqual(["9.0s  b.spec.ts", "5.5s  a.spec.ts"]);
    expect(lines.at(-1)).toBe("23 passed, 0 failed, 0 skipped");
  });

  it("still names a failure and fails when a report is missing", () => {
    const unit = {
      numPassedTests: 0,
      numFailedTests: 1,
      success: false,
      testResults: [
        {
          ...unitFileResult("lib/x.test.ts", 1),
          status: "failed",
          assertionResults: [{ status: "failed", fullName: "x breaks", failureMessages: ["Error: boom"] }],
        },
      ],
    };
    const { out, code } = summarise(unit, []);
    expect(code).toBe(1);
    expect(out).toContain("lib/x.test.ts › x breaks");
    expect(out).toContain("Error: boom");
    expect(out.trim().split("\n").at(-1)).toBe("0 passed, 1 failed, 0 skipped");
  });

  it("names each test that passed only on a retry and counts it, so a retry never hides a failure", () => {
    const unit = {
      numPassedTests: 1,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      success: true,
      testResults: [unitFileResult("lib/a.test.ts", 1)],
    };
    const e2e = {
      stats: { expected: 1, unexpected: 0, flaky: 1, skipped: 0 },
      suites: [
        {
          specs: [
            {
              file: "setup.ts",
              line: 7,
              title: "sign in as finance",
              tests: [
                {
                  projectName: "setup",
                  status: "flaky",
                  results: [
                    { duration: 30_000, errors: [{ message: "Timeout 30000ms exceeded." }] },
                    { duration: 4_000, errors: [] },
                  ],
                },
              ],
            },
            {
              file: "b.spec.ts",
              line: 1,
              title: "t",
              tests: [{ projectName: "console", status: "expected", results: [{ duration: 10 }] }],
            },
          ],
        },
      ],
    };
    const { out, code } = summarise(unit, [e2e]);
    expect(code).toBe(0);
    expect(out).toContain("flaky (failed, then passed on a retry):");
    expect(out).toContain("setup.ts:7 › sign in as finance [setup], passed on try 2");
    expect(out).toContain("Timeout 30000ms exceeded.");
    expect(out.trim().split("\n").at(-1)).toBe("3 passed (1 flaky), 0 failed, 0 skipped");
  });

  it("counts a setup step that failed every try as a failure, and one that needed a retry as flaky, from their annotations", () => {
    const unit = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, success: true, testResults: [] };
    const step = (title: string, annotations: Array<{ type: string; description: string }>) => ({
      file: "auth.setup.ts",
      line: 40,
      title,
      tests: [{ projectName: "setup", status: "expected", annotations: [], results: [{ duration: 10, annotations }] }],
    });
    const e2e = {
      stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 },
      suites: [
        {
          specs: [
            step("sign in as finance and keep the browser state", [
              { type: "setup-retry", description: "try 1 failed: Timeout" },
              { type: "setup-retry", description: "try 2 failed: Timeout" },
              { type: "setup-failed", description: "signing in as finance (finance@paydesk.local): Timeout" },
            ]),
            step("sign in as viewer and keep the browser state", [{ type: "setup-retry", description: "try 1 failed: net::ERR" }]),
            step("sign in as admin and keep the browser state", []),
          ],
        },
      ],
    };
    const { out, code } = summarise(unit, [e2e]);
    expect(code).toBe(1);
    expect(out).toContain("auth.setup.ts:40 › sign in as finance and keep the browser state [setup]: every try failed");
    expect(out).toContain("signing in as finance (finance@paydesk.local): Timeout");
    expect(out).toContain("sign in as viewer and keep the browser state [setup], 1 try(s) failed first");
    expect(out.trim().split("\n").at(-1)).toBe("3 passed (2 flaky), 1 failed, 0 skipped");
  });
});
