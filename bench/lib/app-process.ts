/**
 * PayDesk's production build in its own process for benchmarks (`next start`), in demo mode against
 * a given sandbox, on a given database, with its own data folder.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../lib/db/testing/postgres-server";

const root = path.resolve(import.meta.dirname, "..", "..");

export interface AppProcess {
  url: string;
  /** The `next start` process (for bench/lib/cpu-priority.ts). */
  pid: number;
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Builds the app unless BENCH_SKIP_BUILD=1 (when the caller knows .next is current). */
export function buildApp(): number {
  if (process.env.BENCH_SKIP_BUILD === "1" && fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return 0;
  const started = performance.now();
  const result = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
  return performance.now() - started;
}

export async function startApp(options: {
  /** Another PayDesk tree to run (its own `.next` build), e.g. an older version as a baseline; this one by default. */
  root?: string;
  port?: number;
  sandboxUrl: string;
  sandboxCredentialsFile: string;
  databaseUrl?: string;
  extraEnv?: Record<string, string>;
}): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-app-"));
  // Demo mode loads the sandbox's merchants from DATA_DIR/sandbox/credentials.json.
  fs.mkdirSync(path.join(dataDir, "sandbox"), { recursive: true });
  fs.copyFileSync(options.sandboxCredentialsFile, path.join(dataDir, "sandbox", "credentials.json"));
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    PAYMENT_API_BASE_URL: "",
    SANDBOX_PORT: new URL(options.sandboxUrl).port,
    PUBLIC_BASE_URL: url,
    PAYMENT_API_RATE_LIMIT: "off",
    RECONCILE_POLL_MS: "500",
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.extraEnv,
  };
  const tree = options.root ?? root;
  // BENCH_CPU_PROFILE_DIR: each instance writes a V8 CPU profile there when it stops (to see where its time goes).
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, path.join(tree, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: tree,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/login`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("PayDesk did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    env,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
