/**
 * A sandbox in its own process for benchmarks, as PayDesk meets it in production: across a socket,
 * not in the benchmark's event loop.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../lib/db/testing/postgres-server";

export interface BenchMerchant {
  name: string;
  orgId: string;
  merchantId: string;
  submitKey: string;
  readKey: string;
  payinMinAmount: string;
  payinMaxAmount: string;
}

export interface SandboxProcess {
  url: string;
  pid: number;
  /** The sandbox's credentials.json (what demo mode loads its merchants from). */
  credentialsFile: string;
  merchants: BenchMerchant[];
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "..", "..");

export async function startSandboxProcess(env: Record<string, string> = {}): Promise<SandboxProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-sandbox-"));
  // A port the system hands out from its ephemeral range: a random pick among fixed-looking ports
  // (it was 4700–4949) could land on a sandbox an end-to-end run beside the benchmark listens on.
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "sandbox", "main.ts")], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DATA_DIR: dir, SANDBOX_QUIET: "1", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("the sandbox did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const creds = JSON.parse(fs.readFileSync(path.join(dir, "credentials.json"), "utf8")) as { merchants: BenchMerchant[] };
  return {
    url,
    pid: child.pid!,
    credentialsFile: path.join(dir, "credentials.json"),
    merchants: creds.merchants,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
