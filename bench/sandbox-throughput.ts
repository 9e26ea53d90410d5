/**
 * bench/sandbox-throughput: Pay-In submits per second and their latency at 50 concurrent clients
 * against the sandbox (spec profile) in its own process, the way PayDesk talks to it. Baseline in
 * the same run: the same client hammering the sandbox's empty `/health`, so the ratio says how
 * much of the capacity the submit work itself takes. Target: at least 500 submits/s, so the
 * sandbox is never the bottleneck of later benchmarks.
 */
import http from "node:http";
import { figure, median, percentile, writeResults } from "./lib/results";
import { startSandboxProcess } from "./lib/sandbox-process";

const CONCURRENCY = 50;
const ROUNDS = 3;
const ROUND_MS = 5_000;
const WARMUP_MS = 1_500;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Runs `one` from CONCURRENCY loops for `ms`; returns latencies of successful calls and error count. */
async function load(ms: number, one: () => Promise<boolean>): Promise<{ latencies: number[]; errors: number; elapsedMs: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const ok = await one().catch(() => false);
        if (ok) latencies.push(performance.now() - t);
        else errors += 1;
      }
    }),
  );
  return { latencies, errors, elapsedMs: performance.now() - started };
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({ SANDBOX_PROFILE: "spec", SANDBOX_RATE_LIMIT: "off" });
  const merchant = sandbox.merchants[0]!;
  const { url } = sandbox;
  const submitUrl = `${url}/api/PaymentRequest/org/${merchant.orgId}/action/SubmitPayInRequest/${merchant.merchantId}`;
  const headers = {
    "Content-Type": "application/json",
    Authorization: `Basic ${Buffer.from(`api:${merchant.submitKey}`).toString("base64")}`,
  };
  const runId = Date.now().toString(36);
  const minBaht = Number(merchant.payinMinAmount);
  const maxBaht = Math.min(Number(merchant.payinMaxAmount), 40_000);
  let bad = "";
  let sequence = 0;
  const submit = async () => {
    const i = sequence++;
    // Varied whole-baht amounts, as real orders are, so unique satang never runs out.
    const amount = minBaht + ((i * 7_919) % Math.floor(maxBaht - minBaht)) + 0.25;
    const body = JSON.stringify({
      RefId1: `B${runId}-${i}`,
      PayerName: "Bench",
      RequestedAmount: amount,
      Currency: "THB",
      QrProvider: "PP",
    });
    const res = await request(submitUrl, "POST", headers, body);
    const ok = res.status === 200 && res.text.startsWith('{"status":"OK"');
    if (!ok && !bad) bad = `${res.status} ${res.text.slice(0, 200)}`;
    return ok;
  };
  const health = async () => (await request(`${url}/health`, "GET", {})).status === 200;

  await load(WARMUP_MS, submit);
  await load(WARMUP_MS / 3, health);
  const submitRps: number[] = [];
  const healthRps: number[] = [];
  const p50s: number[] = [];
  const p99s: number[] = [];
  let errors = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const h = await load(ROUND_MS / 2, health);
    healthRps.push((h.latencies.length / h.elapsedMs) * 1000);
    const s = await load(ROUND_MS, submit);
    errors += s.errors;
    const sorted = s.latencies.sort((a, b) => a - b);
    submitRps.push((sorted.length / s.elapsedMs) * 1000);
    p50s.push(percentile(sorted, 50));
    p99s.push(percentile(sorted, 99));
    console.log(
      `round ${round + 1}: ${Math.round(submitRps.at(-1)!)} submits/s (p50 ${p50s.at(-1)!.toFixed(1)} ms, p99 ${p99s.at(-1)!.toFixed(1)} ms), health ${Math.round(healthRps.at(-1)!)} req/s`,
    );
  }
  await sandbox.stop();
  if (bad) console.log(`first failed submit: ${bad}`);

  writeResults(
    "sandbox-throughput",
    {
      payin_submits_per_s_median: figure(median(submitRps), "req/s", { atLeast: 500 }),
      payin_submit_latency_ms_p50_median: figure(median(p50s), "ms"),
      payin_submit_latency_ms_p99_median: figure(median(p99s), "ms"),
      health_baseline_per_s_median: figure(median(healthRps), "req/s"),
      payin_submits_vs_health_baseline_ratio: figure(median(submitRps) / median(healthRps), "ratio"),
      failed_submits: figure(errors, "count", { atMost: 0 }),
    },
    {
      concurrency: CONCURRENCY,
      rounds: ROUNDS,
      roundMs: ROUND_MS,
      profile: "spec",
      client: "node:http keep-alive, separate process from the sandbox",
    },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
