/**
 * A PayDesk of a spec's own (`next start` of the build the suite tests), beside the sandbox the
 * Playwright config runs: in demo mode with that sandbox's merchants, its own data folder, and its
 * own database (embedded unless `databaseUrl`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { E2E } from "./config";

export function startOwnInstance({
  port,
  dataDir,
  databaseUrl = "",
}: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
}): ChildProcess {
  const url = `http://127.0.0.1:${port}`;
  return spawn("node_modules/.bin/next", ["start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SANDBOX_PORT: String(E2E.sandboxPort),
      PAYMENT_API_BASE_URL: "",
      PUBLIC_BASE_URL: url,
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}
