import fs from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Three projects, chosen by the test file's name (docs/DESIGN.md §19):
 *
 * - `unit`     `*.test.ts`           no database, no server: the code under test, in memory.
 * - `storage`  `*.db.test.ts`        needs PGlite and/or the real PostgreSQL (the global set-up
 *                                    builds both templates once); may also start a sandbox or a
 *                                    receiver beside its database.
 * - `contract` `*.contract.test.ts`  starts a sandbox, a receiver, an SMTP inbox or another server
 *                                    and talks to it over real HTTP, without a database.
 *
 * A file in the wrong project fails with the name it should have (lib/testing/vitest-project.ts).
 * Run one alone with `npx vitest run --project contract` (or 'unit*', 'storage*': both halves).
 *
 * Files share their workers (isolate: false): a fresh process per storage file spent ~3.4 CPU-s
 * starting, importing and compiling (PGlite's WebAssembly among it) before its first test, about
 * 40 % of the storage tests' CPU (docs/DESIGN.md §19.1). A file that replaces modules or the
 * environment for itself (vi.mock, vi.stubEnv, assigning process.env) cannot share a module graph,
 * so it runs in `unit-isolated` or `storage-isolated`, a worker of its own, found by reading the file.
 *
 * Timeouts are set here and nowhere else, multiplied by TEST_TIME_FACTOR (default 1, 2 when CI is set, as in e2e/support/config.ts): on a slow
 * or loaded machine, `TEST_TIME_FACTOR=3 npm test` gives every test, hook and a test's own
 * waits on a condition (`scaled()` in lib/testing/vitest-project.ts) three times as long.
 */
const factor = Number(process.env.TEST_TIME_FACTOR || (process.env.CI ? "2" : "1"));
if (!Number.isFinite(factor) || factor <= 0)
  throw new Error(`TEST_TIME_FACTOR must be a positive number, not "${process.env.TEST_TIME_FACTOR}"`);

const dirs = ["lib", "sandbox", "components", "app", "scripts", "bench"];
const named = (suffix: string) => dirs.map((dir) => `${dir}/**/*${suffix}`);

/** Replaces a module or the environment for its own file: needs a module graph of its own. */
const REPLACES_FOR_ITSELF = /\bvi\.(mock|doMock|stubEnv|stubGlobal|resetModules)\(|process\.env\.\w+\s*=(?!=)|delete process\.env/;
const root = fileURLToPath(new URL("./", import.meta.url));
const filesNamed = (suffix: string): string[] =>
  dirs.flatMap((dir) =>
    fs.existsSync(path.join(root, dir))
      ? fs
          .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
          .filter((f) => f.endsWith(suffix))
          .map((f) => `${dir}/${f}`)
      : [],
  );
const replacesForItself = (file: string) => REPLACES_FOR_ITSELF.test(fs.readFileSync(path.join(root, file), "utf8"));
const ownProcess = filesNamed(".db.test.ts").filter(replacesForItself);
const ownThread = filesNamed(".test.ts")
  .filter((file) => !file.endsWith(".db.test.ts") && !file.endsWith(".contract.test.ts"))
  .filter(replacesForItself);

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
      "next/font/local": fileURLToPath(new URL("./lib/testing/next-font-local-stub.ts", import.meta.url)),
    },
  },
  test: {
    exclude: ["node_modules", ".next", "e2e"],
    testTimeout: 20_000 * factor,
    hookTimeout: 60_000 * factor,
    // expect.poll's own default (1 s) is a timing claim on a busy machine; a poll waits on a condition.
    expect: { poll: { timeout: 10_000 * factor } },
    // Two workers, as before the split: the storage and contract files mostly wait on sockets,
    // timers, PGlite's file copies and child processes, so more than one per CPU may well pay off,
    // but on a machine this loaded (load average 15-25 from other work) no A/B of 2 against 4 could
    // be told from noise. Measure it on a quiet machine before raising it.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: named(".test.ts"),
          exclude: [...named(".db.test.ts"), ...named(".contract.test.ts"), ...ownThread],
          // Threads start faster than forks, and nothing here needs a process of its own. The files
          // share their threads' module graphs (as the storage files do, below), as a group of their own.
          pool: "threads",
          isolate: false,
          sequence: { groupOrder: 3 },
          setupFiles: ["./lib/testing/unit-setup.ts"],
          provide: { vitestProject: "unit", testTimeFactor: factor },
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          include: ownThread,
          pool: "threads",
          setupFiles: ["./lib/testing/unit-setup.ts"],
          provide: { vitestProject: "unit", testTimeFactor: factor },
        },
      },
      {
        extends: true,
        test: {
          name: "storage",
          include: named(".db.test.ts"),
          exclude: ownProcess,
          // One process per worker for all these files (see above); they run as a group of their
          // own, after the others, so a worker's process is kept from one file to the next.
          isolate: false,
          sequence: { groupOrder: 1 },
          globalSetup: ["./lib/db/testing/global-setup.ts"],
          provide: { vitestProject: "storage", testTimeFactor: factor },
        },
      },
      {
        extends: true,
        test: {
          name: "storage-isolated",
          include: ownProcess,
          globalSetup: ["./lib/db/testing/global-setup.ts"],
          provide: { vitestProject: "storage", testTimeFactor: factor },
        },
      },
      {
        extends: true,
        test: {
          name: "contract",
          include: named(".contract.test.ts"),
          // No contract file mocks a module: they share worker processes too, as the last group.
          isolate: false,
          sequence: { groupOrder: 2 },
          provide: { vitestProject: "contract", testTimeFactor: factor },
        },
      },
    ],
  },
});
