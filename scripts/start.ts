/**
 * `npm start` (and `npm run dev` with --dev): builds PayDesk when the build is missing or older
 * than the sources, starts the provider sandbox beside it unless PAYMENT_API_BASE_URL names a real
 * provider, then starts Next.js. Ctrl-C stops both; if either dies, the other is stopped too.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { EnvError, parseEnv, type Env } from "../lib/env";

const isDev = process.argv.includes("--dev");
const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

function readEnvOrExit(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`PayDesk cannot start: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIfStale(): void {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const sources = ["app", "components", "lib", "public", "next.config.mjs", "package.json", "tailwind.config.ts", "postcss.config.mjs"];
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  if (built > 0 && sources.every((s) => newestMtime(path.join(root, s)) < built)) return;
  console.log("[paydesk] building (the build is missing or older than the sources)…");
  const result = spawnSync(bin("next"), ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) {
    console.error("[paydesk] the build failed; see the errors above.");
    process.exit(result.status ?? 1);
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the sandbox did not answer ${url} within ${timeoutMs / 1000} s`);
}

async function main(): Promise<void> {
  const env = readEnvOrExit();
  if (!isDev) buildIfStale();
  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    // PayDesk ends its streams and exits within a few seconds of SIGTERM (lib/shutdown.ts); this bounds a stuck one.
    setTimeout(() => process.exit(code), 10_000).unref();
    Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null))).then(() => process.exit(code));
  };
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));

  if (env.isSandbox) {
    // node itself with tsx as a loader: the tsx CLI wrapper relays SIGTERM and SIGKILLs a child that
    // has not answered within 60 ms, which a busy machine makes routine (a stop that loses its clean close).
    const sandbox = spawn(process.execPath, ["--import", "tsx", path.join(root, "sandbox", "main.ts")], {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        SANDBOX_PORT: String(env.SANDBOX_PORT),
        SANDBOX_PROFILE: env.SANDBOX_PROFILE,
        SANDBOX_DATA_DIR: env.sandboxDataDir,
        SANDBOX_PUBLIC_URL: `http://127.0.0.1:${env.SANDBOX_PORT}`,
        SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${env.PORT}/api/webhooks/payment`,
      },
    });
    children.push(sandbox);
    sandbox.once("exit", (code) => {
      if (!stopping) console.error(`[paydesk] the sandbox stopped (code ${code}); stopping PayDesk.`);
      stopAll(code ?? 1);
    });
    try {
      await waitForHealth(`http://127.0.0.1:${env.SANDBOX_PORT}/health`, sandbox, 20_000);
    } catch (error) {
      console.error(`[paydesk] ${(error as Error).message}. Is port ${env.SANDBOX_PORT} free? Set SANDBOX_PORT to use another.`);
      stopAll(1);
      return;
    }
  }

  const args = isDev ? ["dev", "-p", String(env.PORT), "-H", env.BIND_HOST] : ["start", "-p", String(env.PORT), "-H", env.BIND_HOST];
  const app = spawn(bin("next"), args, { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  children.push(app);
  app.once("exit", (code) => {
    if (!stopping) console.error(`[paydesk] Next.js stopped (code ${code}).`);
    stopAll(code ?? 1);
  });
  console.log(
    `[paydesk] PayDesk on ${env.PUBLIC_BASE_URL} — provider: ${env.isSandbox ? `sandbox (${env.SANDBOX_PROFILE} profile) at ${env.providerBaseUrl}` : env.providerBaseUrl}`,
  );
}

void main();
