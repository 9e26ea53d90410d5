/**
 * bench/merchant-api: the merchant API's cost and throughput.
 *
 * 1. Overhead, on PGlite and on Postgres: `POST /api/v1/checkouts` (the route handler as Next calls
 *    it: the door's key check, scope, per-key rate limit, body, Idempotency-Key, then
 *    createForMerchant, the provider call, the audit row) against A, a bare fetch of the same Pay-In
 *    to the sandbox (bench/lib/bare-submit.ts, checked first to be byte for byte the request the API
 *    sends), alternating A and B (bench/lib/paired.ts). Targets: p50 overhead ≤ 8 ms on Postgres,
 *    ≤ 12 ms on PGlite.
 * 2. An idempotent replay (the same Idempotency-Key and body again): answered from the store, no
 *    provider call. Target: p50 ≤ 3 ms.
 * 3. Throughput under the live profile's 20 calls per 10 s: 200 checkouts through the API from a
 *    shop sending 10 at a time, on Postgres, with PayDesk's real limiter. Targets: 0 failures, and the
 *    whole batch within 1.1 × the theoretical minimum for the API's share of the provider's budget
 *    (docs/DESIGN.md §6.2: the merchant API's lane fills at most 85 % of the window, the rest is kept
 *    for staff), which is also reported against the provider's whole limit.
 *
 * Each database kind runs in a child process of its own (this file with --database <kind>), as the
 * app's database and environment are per process. Not measured: Next's routing and the proxy,
 * which are the same for every route.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findPostgresBin, startPostgres } from "../lib/db/testing/postgres-server";
import { proveSameRequest } from "./lib/bare-submit";
import { runPaired, summarizePaired, type PairedTimes } from "./lib/paired";
import { figure, median, writeResults, type Figure } from "./lib/results";
import { startSandboxProcess, type BenchMerchant } from "./lib/sandbox-process";

const ITERATIONS = 300;
const WARMUP = 40;
const REPLAYS = 300;
const TARGET_OVERHEAD_MS = { postgres: 8, pglite: 12 } as const;
const TARGET_REPLAY_MS = 3;
const FLOOD = { checkouts: 200, concurrency: 10, limit: 20, windowMs: 10_000, laneShare: 0.85 };
const DATABASE_KINDS = ["pglite", "postgres"] as const;
type Kind = (typeof DATABASE_KINDS)[number];

interface OverheadResult {
  times: PairedTimes;
  replayMs: number[];
  providerCallsForReplays: number;
  created: number;
}
interface FloodResult {
  elapsedMs: number;
  statuses: Record<string, number>;
}

// ---------------------------------------------------------------------------------------------
// The parent.

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const figures: Record<string, Figure> = {};
  const notes: Record<string, unknown> = {};
  // BENCH_ONLY=flood runs the throughput part alone (while looking into it).
  const spec = await startSandboxProcess({ SANDBOX_PROFILE: "spec" });
  try {
    if (process.env.BENCH_ONLY === "flood") throw new SkipOverhead();
    await proveSameRequest("the API", spec.merchants[0]!, (baseUrl, sample) =>
      inChild("pglite", baseUrl, spec.merchants[0]!, { BENCH_WIRE_SAMPLE: JSON.stringify(sample) }),
    );
    for (const kind of DATABASE_KINDS) {
      const result = await withDatabase(kind, (extra) => runOverhead(kind, spec.url, spec.merchants[0]!, extra));
      if (!result) {
        notes[`${kind}_skipped`] = "Debian's postgresql is not installed";
        continue;
      }
      Object.assign(figures, overheadFigures(kind, result));
    }
  } catch (error) {
    if (!(error instanceof SkipOverhead)) throw error;
  } finally {
    await spec.stop();
  }

  const live = await startSandboxProcess({ SANDBOX_PROFILE: "live", SANDBOX_RATE_LIMIT: `${FLOOD.limit}/${FLOOD.windowMs / 1000}s` });
  try {
    const flood = await withDatabase("postgres", (extra) => runFlood(live.url, live.merchants[0]!, extra));
    if (flood) Object.assign(figures, floodFigures(flood));
    else notes.flood_skipped = "Debian's postgresql is not installed";
  } finally {
    await live.stop();
  }

  writeResults("merchant-api", figures, {
    ...notes,
    iterations: ITERATIONS,
    warmup: WARMUP,
    order: "alternating A/B",
    a: "bare fetch of SubmitPayInRequest to the sandbox process",
    b: "POST /api/v1/checkouts route handler with a Bearer key: door + createForMerchant + provider call + audit",
    wire: "identical requests from A and B (checked before measuring)",
    replay: "the same Idempotency-Key and body as an earlier call, answered from api_idempotency",
    flood: `${FLOOD.checkouts} checkouts, ${FLOOD.concurrency} at a time, live profile at ${FLOOD.limit}/${FLOOD.windowMs / 1000}s, PayDesk's limiter on Postgres; the merchant API's lane fills at most ${FLOOD.laneShare * 100} % of the window`,
    loadAverage1m: { before: round2(loadBefore), after: round2(os.loadavg()[0]!) },
  });
}

class SkipOverhead extends Error {}

async function withDatabase<T>(kind: Kind, run: (extra: Record<string, string>) => Promise<T>): Promise<T | null> {
  let postgres: Awaited<ReturnType<typeof startPostgres>> | null = null;
  try {
    if (kind === "postgres") {
      const bin = findPostgresBin();
      if (!bin) return null;
      postgres = await startPostgres(bin);
    }
    return await run(postgres ? { DATABASE_URL: postgres.url("postgres") } : {});
  } finally {
    postgres?.stop();
  }
}

async function runOverhead(
  kind: Kind,
  providerUrl: string,
  merchant: BenchMerchant,
  extra: Record<string, string>,
): Promise<OverheadResult> {
  // Both limits too high to ever refuse or queue: their bookkeeping is measured, their waiting is not.
  return inChild(kind, providerUrl, merchant, {
    ...extra,
    BENCH_TASK: "overhead",
    PAYMENT_API_RATE_LIMIT: "100000/10s",
    API_RATE_LIMIT: "100000/10s",
  });
}

async function runFlood(providerUrl: string, merchant: BenchMerchant, extra: Record<string, string>): Promise<FloodResult> {
  return inChild("postgres", providerUrl, merchant, {
    ...extra,
    BENCH_TASK: "flood",
    PAYMENT_API_RATE_LIMIT: `${FLOOD.limit}/${FLOOD.windowMs / 1000}s`,
    // A shop's own key should not be what stops it here: the provider's budget is being measured.
    API_RATE_LIMIT: "10000/10s",
  });
}

async function inChild<T>(kind: Kind, providerUrl: string, merchant: BenchMerchant, extra: Record<string, string>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `paydesk-bench-api-${kind}-`));
  try {
    const out = path.join(dir, "result.json");
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      NODE_ENV: "production",
      DATA_DIR: dir,
      PAYMENT_API_BASE_URL: providerUrl,
      AUTH_SECRET: randomBytes(32).toString("base64"),
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      BENCH_MERCHANT: JSON.stringify(merchant),
      BENCH_OUT: out,
      // Text, so the filter below can tell PayDesk's per-call lines from the benchmark's.
      LOG_FORMAT: "text",
      ...extra,
    };
    const tsx = path.join(import.meta.dirname, "..", "node_modules", ".bin", "tsx");
    const child = spawn(tsx, ["--conditions=react-server", import.meta.filename, "--database", kind], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    // The API's one line per call ([api] …) is PayDesk's log, not the benchmark's output.
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (!line.startsWith("[api] ")) console.log(line);
    });
    await new Promise<void>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the ${kind} run failed (exit ${code})`))));
    });
    return (fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, "utf8")) : null) as T;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function overheadFigures(kind: Kind, r: OverheadResult): Record<string, Figure> {
  const s = summarizePaired(r.times);
  console.log(
    `${kind}: ${r.created} checkouts created; ${r.replayMs.length} replays, ${r.providerCallsForReplays} provider calls for them`,
  );
  return {
    [`${kind}_bare_fetch_submit_ms_p50`]: figure(s.baselineP50, "ms"),
    [`${kind}_api_checkout_ms_p50`]: figure(s.subjectP50, "ms"),
    [`${kind}_overhead_ms_p50`]: figure(s.overheadP50, "ms", { atMost: TARGET_OVERHEAD_MS[kind] }),
    [`${kind}_overhead_ms_paired_p50`]: figure(s.pairedOverheadP50, "ms"),
    [`${kind}_api_checkout_ms_p95`]: figure(s.subjectAt(95), "ms"),
    [`${kind}_replay_ms_p50`]: figure(median(r.replayMs), "ms", { atMost: TARGET_REPLAY_MS }),
    [`${kind}_provider_calls_for_replays`]: figure(r.providerCallsForReplays, "calls", { atMost: 0 }),
  };
}

function floodFigures(r: FloodResult): Record<string, Figure> {
  const failures = Object.entries(r.statuses)
    .filter(([status]) => status !== "201")
    .reduce((sum, [, n]) => sum + n, 0);
  // Calls land in windows of `per` each: the last one can start only after that many full windows.
  const minimumMs = (per: number) => Math.floor((FLOOD.checkouts - 1) / per) * FLOOD.windowMs;
  const laneMinimum = minimumMs(Math.floor(FLOOD.limit * FLOOD.laneShare));
  const providerMinimum = minimumMs(FLOOD.limit);
  console.log(`flood: ${JSON.stringify(r.statuses)} in ${(r.elapsedMs / 1000).toFixed(1)} s`);
  return {
    flood_checkouts_failed: figure(failures, "checkouts", { atMost: 0 }),
    flood_elapsed_s: figure(r.elapsedMs / 1000, "s"),
    flood_theoretical_minimum_s: figure(laneMinimum / 1000, "s"),
    flood_vs_theoretical_minimum: figure(r.elapsedMs / laneMinimum, "ratio", { atMost: 1.1 }),
    flood_vs_provider_limit_minimum: figure(r.elapsedMs / providerMinimum, "ratio"),
  };
}

// ---------------------------------------------------------------------------------------------
// The child: the app's own modules, on the database its environment names.

async function worker(kind: Kind): Promise<void> {
  const { NextRequest } = await import("next/server");
  const { database, getDb } = await import("../lib/db");
  const { createMerchant } = await import("../lib/merchants/manage");
  const { keyVault } = await import("../lib/merchants/vault");
  const { createApiKey } = await import("../lib/merchant-api/keys/manage");
  const { toDecimalString } = await import("../lib/money");
  const checkouts = await import("../app/api/v1/checkouts/route");
  const { bareSubmitPayIn } = await import("./lib/bare-submit");

  const m = JSON.parse(process.env.BENCH_MERCHANT!) as BenchMerchant;
  const db = await getDb();
  const merchant = await createMerchant(db, keyVault(), {
    displayName: m.name,
    orgId: m.orgId,
    merchantId: m.merchantId,
    submitKey: m.submitKey,
    readKey: m.readKey,
    payinMinSatang: 2_000,
    payinMaxSatang: 5_000_000,
  });
  const { key } = await createApiKey(db, {
    merchantRowId: merchant.id,
    name: "Bench shop",
    // PAYMENT_API_BASE_URL is set here (the sandbox as if it were the real provider): a live key.
    mode: "live",
    scopes: ["checkouts:write", "requests:read"],
    expiresAt: null,
    createdBy: null,
  });
  const post = async (reference: string, amountSatang: number, idempotencyKey?: string) => {
    const response: Response = await checkouts.POST(
      new NextRequest("http://127.0.0.1:3000/api/v1/checkouts", {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body: JSON.stringify({ amount: toDecimalString(amountSatang), reference, payer: { name: "Bench" }, qr_provider: "PP" }),
      }),
      { params: Promise.resolve({}) },
    );
    const body = (await response.json()) as { error?: { code: string } };
    return body.error ? `${response.status} ${body.error.code}` : String(response.status);
  };
  const done = async (result: unknown) => {
    if (result !== undefined) fs.writeFileSync(process.env.BENCH_OUT!, JSON.stringify(result));
    await (await database()).close();
    // The reconcile worker and pools of the app's modules may keep the loop alive.
    process.exit(0);
  };

  const wireSample = process.env.BENCH_WIRE_SAMPLE;
  if (wireSample) {
    // The wire check (proveSameRequest in the parent): what the API sent is what is compared.
    const sample = JSON.parse(wireSample) as { refId1: string; amountSatang: number };
    await post(sample.refId1, sample.amountSatang);
    return done(undefined);
  }

  const run = Date.now().toString(36);
  const amount = (i: number) => 2_000 + ((i * 7_919) % 4_000_000);

  if (process.env.BENCH_TASK === "flood") {
    let next = 0;
    const statuses: Record<string, number> = {};
    const started = performance.now();
    await Promise.all(
      Array.from({ length: FLOOD.concurrency }, async () => {
        for (let i = next++; i < FLOOD.checkouts; i = next++) {
          const status = await post(`F${run}-${i}`, amount(i));
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    return done({ elapsedMs: performance.now() - started, statuses } satisfies FloodResult);
  }

  const bare = bareSubmitPayIn(process.env.PAYMENT_API_BASE_URL!, m);
  let created = 0;
  const times = await runPaired({
    iterations: ITERATIONS,
    warmup: WARMUP,
    baseline: (i) => bare(`B${run}-${i}`, amount(i)),
    subject: async (i) => {
      const status = await post(`A${run}-${i}`, amount(i));
      if (status !== "201") throw new Error(`the API did not create: HTTP ${status}`);
      created += 1;
    },
  });

  const idempotencyKey = `bench-${run}`;
  if ((await post(`R${run}`, 12_345, idempotencyKey)) !== "201") throw new Error("the first call of the replay did not create");
  const replayMs: number[] = [];
  for (let i = 0; i < REPLAYS; i++) {
    const t = performance.now();
    const status = await post(`R${run}`, 12_345, idempotencyKey);
    replayMs.push(performance.now() - t);
    if (status !== "201") throw new Error(`a replay answered HTTP ${status}`);
  }
  // What the provider (the sandbox's control API) holds under that reference: the first call's one request.
  const atProvider = (await (await fetch(`${process.env.PAYMENT_API_BASE_URL}/sandbox/requests?refId1=R${run}`)).json()) as unknown[];
  console.log(`${kind}: done`);
  return done({ times, replayMs, providerCallsForReplays: atProvider.length - 1, created } satisfies OverheadResult);
}

const at = process.argv.indexOf("--database");
const task = at >= 0 ? worker(process.argv[at + 1] as Kind) : main();
task.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
