/**
 * bench/limiter: 200 Pay-In submits queued at once through the provider client and the shared
 * (Postgres) rate limiter, against the sandbox in the live profile with the live provider's own
 * limit of 20 requests per 10 s. All must succeed, none may meet a 429, and the total time must be
 * within 10 % of the theoretical minimum: the last of 200 calls can start no earlier than
 * (200/20 − 1) × 10 s = 90 s after the first.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../lib/db/client";
import { createPaymentApi } from "../lib/provider/client";
import { createPostgresLimiter } from "../lib/provider/limiter";
import { figure, writeResults } from "./lib/results";
import { startSandboxProcess } from "./lib/sandbox-process";
import { failureText } from "../lib/provider-words/failures";
import { payInRequest } from "../lib/requests/contract";

const CALLS = 200;
const LIMIT = { count: 20, windowMs: 10_000 };

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({ SANDBOX_PROFILE: "live", SANDBOX_RATE_LIMIT: "20/10s" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-limiter-"));
  const database = await openDatabase({ dir });
  try {
    const statuses = new Map<number, number>();
    const countingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      return response;
    };
    const m = sandbox.merchants[0]!;
    const api = createPaymentApi({
      baseUrl: sandbox.url,
      timeoutMs: 15_000,
      limiter: createPostgresLimiter(database.db, sandbox.url, { ...LIMIT, maxWaitMs: 150_000 }),
      fetch: countingFetch,
      maxAttempts: 1,
    }).forMerchant({ orgId: m.orgId, merchantId: m.merchantId, submitKey: m.submitKey, readKey: m.readKey, label: m.name });

    const run = Date.now().toString(36);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        api.submitPayIn(payInRequest({ refId1: `L${run}-${i}`, payerName: "Bench", amountSatang: 2_000 + i * 100, qrProvider: "PP" })),
      ),
    );
    const totalMs = performance.now() - started;
    const theoreticalMs = (CALLS / LIMIT.count - 1) * LIMIT.windowMs;
    const failed = results.filter((r) => !r.ok);
    if (failed[0] && !failed[0].ok) console.log(`first failure: ${failed[0].kind}: ${failureText(failed[0])}`);
    writeResults(
      "limiter",
      {
        submits_succeeded: figure(CALLS - failed.length, "count", { atLeast: CALLS }),
        http_429_answers: figure(statuses.get(429) ?? 0, "count", { atMost: 0 }),
        total_s: figure(totalMs / 1000, "s"),
        theoretical_minimum_s: figure(theoreticalMs / 1000, "s"),
        total_vs_theoretical_minimum_ratio: figure(totalMs / theoreticalMs, "ratio", { atMost: 1.1 }),
      },
      {
        calls: CALLS,
        limit: "20/10s",
        limiter: "Postgres sliding log (PGlite), margin 250 ms",
        sandboxProfile: "live",
        statuses: Object.fromEntries(statuses),
      },
    );
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
