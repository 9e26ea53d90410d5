/**
 * bench/create-overhead: what PayDesk's whole server-side create of a Pay-In
 * costs over the provider call itself, on PGlite and on Postgres. Target: p50 overhead ≤ 10 ms on each.
 *
 * A — the bare provider call: the same Pay-In submitted to the sandbox process with a bare fetch
 *     (bench/lib/bare-submit.ts), checked first to send byte for byte the request the action sends.
 * B — the "new Pay-In" server action itself (createPayInAction, app/(console)/new/actions.ts), as a
 *     submitted form reaches it: defineAction's whole door (session decoded from the next-auth
 *     cookie and the staff row re-read, merchant scope, permission, FormData → zod), then the run
 *     (locale, merchant rules, the merchant's provider client with its keys decrypted, the rate
 *     limiter's shared log, recording the row and its timeline entry, the provider call, the answer
 *     applied through the state machine) and the audit row.
 *
 * The action runs outside Next, so "next/headers" is resolved to bench/lib/request-scope.ts, which
 * hands it a request carrying the session cookie; nothing else is replaced. The app's database and
 * environment are per process, so each database kind runs in its own child process (this file with
 * --database <kind>) against one sandbox process, alternating A and B so both see the same machine
 * (bench/lib/paired.ts).
 *
 * With an endpoint: the same B again, with one enabled webhook endpoint (docs/DESIGN.md §14)
 * subscribed to every event type for the merchant, in blocks interleaved with the blocks without
 * one (without, with, with, without, …; the endpoint enabled and disabled between them), so both
 * variants see the same machine and neither always runs first. Its
 * overhead (B − A, each beside its own bare calls) less the overhead without is reported; target
 * ≤ 1 ms. The figures without a suffix are the blocks without an endpoint, as before.
 *
 * Not measured: Next's routing, the proxy's session check and the RSC response around the action,
 * which are the same for every action and not part of creating a request. The rate limiter runs
 * with a limit too high to ever queue (the production 20/10s would make the benchmark wait, not
 * work): its database bookkeeping is measured, its waiting is not.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findPostgresBin, startPostgres } from "../lib/db/testing/postgres-server";
import { proveSameRequest } from "./lib/bare-submit";
import { runPaired, summarizePaired, WARMUP_OFFSET, type PairedTimes } from "./lib/paired";
import { figure, writeResults, type Figure } from "./lib/results";
import { startSandboxProcess, type BenchMerchant } from "./lib/sandbox-process";

const ITERATIONS = 400;
const WARMUP = 50;
const TARGET_OVERHEAD_MS = 10;
/**
 * The create path may not grow slower than it was before the redesign (docs/DESIGN.md §5.1):
 * measured as the action's time over the same run's bare call, since this machine's own speed
 * moves from day to day (the bare call took 1.79 ms on Postgres then and 2.5–3.6 ms later).
 * The ratios of the result committed before the redesign's create path (2026-11-22).
 */
const RATIO_BEFORE_REDESIGN: Record<Kind, number> = { pglite: 4.43, postgres: 3.76 };
const RATE_LIMIT = "100000/10s";
/** The iterations of each variant (with and without an endpoint) are run in this many alternating blocks. */
const BLOCKS = 40;
const TARGET_ENDPOINT_COST_MS = 1;
const DATABASE_KINDS = ["pglite", "postgres"] as const;
type Kind = (typeof DATABASE_KINDS)[number];

interface WorkerResult {
  times: PairedTimes;
  /** The same, with an enabled endpoint subscribed to every event type. */
  withEndpoint: PairedTimes;
  pendingRequests: number;
  okAudits: number;
  creates: number;
}

// ---------------------------------------------------------------------------------------------
// The parent: one sandbox process, then one child per database kind.

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const sandbox = await startSandboxProcess({ SANDBOX_PROFILE: "spec" });
  const figures: Record<string, Figure> = {};
  const notes: Record<string, unknown> = {};
  try {
    await proveSameRequest("the action", sandbox.merchants[0]!, (baseUrl, sample) => proveInChild(baseUrl, sandbox.merchants[0]!, sample));
    for (const kind of DATABASE_KINDS) {
      const result = await runKind(kind, sandbox.url, sandbox.merchants[0]!);
      if (!result) {
        notes[`${kind}_skipped`] = "Debian's postgresql is not installed";
        continue;
      }
      Object.assign(figures, figuresFor(kind, result));
    }
  } finally {
    await sandbox.stop();
  }
  writeResults("create-overhead", figures, {
    ...notes,
    iterations: ITERATIONS,
    warmup: WARMUP,
    profile: "spec",
    order: `alternating A/B; without and with an endpoint in ${BLOCKS} blocks of ${ITERATIONS / BLOCKS} each, in the order without, with, with, without, …`,
    withEndpoint:
      "one enabled endpoint subscribed to every event type; no delivery worker runs, so only the create path's cost is measured",
    a: "bare fetch of SubmitPayInRequest to the sandbox process",
    b: "createPayInAction(FormData) with a next-auth session cookie: defineAction + createRequest + provider call + audit",
    wire: "identical requests from A and B (checked before measuring)",
    rateLimit: `${RATE_LIMIT} (the limiter's bookkeeping runs, it never queues)`,
    // The machine is shared: the 1-minute load average says how busy it was around the run.
    loadAverage1m: { before: round2(loadBefore), after: round2(os.loadavg()[0]!) },
  });
}

async function runKind(kind: Kind, sandboxUrl: string, merchant: BenchMerchant): Promise<WorkerResult | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `paydesk-bench-create-${kind}-`));
  let postgres: Awaited<ReturnType<typeof startPostgres>> | null = null;
  try {
    if (kind === "postgres") {
      const bin = findPostgresBin();
      if (!bin) return null;
      postgres = await startPostgres(bin);
    }
    const out = path.join(dir, "result.json");
    await runChild(
      kind,
      childEnv(dir, sandboxUrl, merchant, { BENCH_OUT: out, ...(postgres ? { DATABASE_URL: postgres.url("postgres") } : {}) }),
    );
    return JSON.parse(fs.readFileSync(out, "utf8")) as WorkerResult;
  } finally {
    postgres?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One create through the action in a child whose provider is `providerUrl` (the capture server). */
async function proveInChild(providerUrl: string, merchant: BenchMerchant, sample: { refId1: string; amountSatang: number }): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-bench-create-wire-"));
  try {
    await runChild("pglite", childEnv(dir, providerUrl, merchant, { BENCH_WIRE_SAMPLE: JSON.stringify(sample) }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function childEnv(dir: string, providerUrl: string, merchant: BenchMerchant, extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: "production",
    DATA_DIR: dir,
    PAYMENT_API_BASE_URL: providerUrl,
    PAYMENT_API_RATE_LIMIT: RATE_LIMIT,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    BENCH_MERCHANT: JSON.stringify(merchant),
    ...extra,
  };
}

function runChild(kind: Kind, env: NodeJS.ProcessEnv): Promise<void> {
  const tsx = path.join(import.meta.dirname, "..", "node_modules", ".bin", "tsx");
  const child = spawn(tsx, ["--conditions=react-server", import.meta.filename, "--database", kind], { env, stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the ${kind} run failed (exit ${code})`))));
  });
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function figuresFor(kind: Kind, r: WorkerResult): Record<string, Figure> {
  const s = summarizePaired(r.times);
  const e = summarizePaired(r.withEndpoint);
  console.log(`${kind}: ${r.creates} creates; ${r.pendingRequests} requests pending, ${r.okAudits} audited`);
  return {
    [`${kind}_bare_fetch_submit_ms_p50`]: figure(s.baselineP50, "ms"),
    [`${kind}_action_create_ms_p50`]: figure(s.subjectP50, "ms"),
    [`${kind}_overhead_ms_p50`]: figure(s.overheadP50, "ms", { atMost: TARGET_OVERHEAD_MS }),
    [`${kind}_action_vs_bare_ratio_p50`]: figure(s.ratioP50, "ratio", { atMost: RATIO_BEFORE_REDESIGN[kind] }),
    [`${kind}_bare_fetch_submit_ms_p95`]: figure(s.baselineAt(95), "ms"),
    [`${kind}_action_create_ms_p95`]: figure(s.subjectAt(95), "ms"),
    [`${kind}_overhead_ms_p95`]: figure(s.subjectAt(95) - s.baselineAt(95), "ms"),
    [`${kind}_overhead_ms_paired_p50`]: figure(s.pairedOverheadP50, "ms"),
    [`${kind}_with_endpoint_action_create_ms_p50`]: figure(e.subjectP50, "ms"),
    [`${kind}_with_endpoint_overhead_ms_p50`]: figure(e.overheadP50, "ms"),
    [`${kind}_create_with_endpoint_minus_without_ms_p50`]: figure(e.overheadP50 - s.overheadP50, "ms", {
      atMost: TARGET_ENDPOINT_COST_MS,
    }),
    // Every create made exactly one pending request and one "ok" audit row.
    [`${kind}_pending_requests_vs_creates`]: figure(r.pendingRequests / r.creates, "ratio", { atMost: 1 }),
    [`${kind}_ok_audits_vs_creates`]: figure(r.okAudits / r.creates, "ratio", { atLeast: 1 }),
  };
}

// ---------------------------------------------------------------------------------------------
// The child: the app's own modules, on the database its environment names.

async function worker(kind: Kind): Promise<void> {
  const { installNextRequestScope, inRequestScope } = await import("./lib/request-scope");
  installNextRequestScope();
  const { and, count, eq } = await import("drizzle-orm");
  const { encode } = await import("next-auth/jwt");
  const { getDb, database } = await import("../lib/db");
  const { auditLog, paymentRequests } = await import("../lib/db/schema");
  const { createMerchant } = await import("../lib/merchants/manage");
  const { createEndpoint, updateEndpoint } = await import("../lib/outbound-webhooks/endpoints");
  const { OUTBOUND_EVENT_TYPES } = await import("../lib/outbound-webhooks/events");
  const { keyVault } = await import("../lib/merchants/vault");
  const { insertStaff } = await import("../lib/auth/testing/staff");
  const { SESSION_MAX_AGE_SECONDS } = await import("../lib/auth/base-config");
  const { toDecimalString } = await import("../lib/money");
  const { generateIdempotencyKey } = await import("../lib/requests/ref-id");
  const { createPayInAction } = await import("../app/(console)/new/actions");
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
  const staff = await insertStaff(db, { role: "operator", merchantIds: [merchant.id] });
  // The cookie next-auth sets at sign-in (lib/auth/base-config.ts's jwt callback), sealed with the same secret.
  const cookieName = "authjs.session-token";
  const sessionToken = await encode({
    token: {
      sub: staff.id,
      uid: staff.id,
      sid: crypto.randomUUID(),
      sat: Math.floor(Date.now() / 1000),
      role: "operator",
      merchantIds: [merchant.id],
      email: staff.email,
      name: "Bench operator",
    },
    secret: process.env.AUTH_SECRET!,
    salt: cookieName,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  const requestHeaders = new Headers({
    host: "127.0.0.1:3000",
    "x-forwarded-proto": "http",
    "x-forwarded-for": "203.0.113.7",
    "accept-language": "th,en;q=0.8",
    cookie: `${cookieName}=${sessionToken}`,
  });

  const run = Date.now().toString(36);
  // Varied amounts so the sandbox's unique satang never run out.
  const amount = (i: number) => 2_000 + ((i * 7_919) % 4_000_000);

  let creates = 0;
  const create = async (refId1: string, amountSatang: number) => {
    const form = new FormData();
    form.set("merchantId", merchant.id);
    form.set("idempotencyKey", generateIdempotencyKey());
    form.set("refId1", refId1);
    form.set("amount", toDecimalString(amountSatang));
    form.set("payerName", "Bench");
    form.set("qrProvider", "PP");
    return inRequestScope(requestHeaders, () => createPayInAction(null, form));
  };

  const wireSample = process.env.BENCH_WIRE_SAMPLE;
  if (wireSample) {
    // The wire check (proveSameRequest in the parent): one create against the capture server, whose
    // canned answer the action may word as it likes; what it sent is what is compared.
    const sample = JSON.parse(wireSample) as { refId1: string; amountSatang: number };
    await create(sample.refId1, sample.amountSatang);
    await (await database()).close();
    process.exit(0);
  }

  const bare = bareSubmitPayIn(process.env.PAYMENT_API_BASE_URL!, m);
  // The endpoint of the "with" blocks: no worker runs here, so nothing is sent to it.
  const endpoint = {
    merchantRowId: merchant.id,
    url: "https://shop.example.com/paydesk-webhooks",
    description: "Bench",
    eventTypes: OUTBOUND_EVENT_TYPES,
  };
  const { endpoint: created } = await createEndpoint(db, keyVault(), { ...endpoint, createdBy: null });
  const subscribed = (enabled: boolean) => updateEndpoint(db, { ...endpoint, endpointId: created.id, enabled });
  // One sequence across blocks, so every create has its own RefId1 and amount.
  let seq = 0;
  const block = (warmup: number, iterations = ITERATIONS / BLOCKS) => {
    const n = seq;
    seq += warmup + iterations;
    const at = (i: number) => n + (i >= WARMUP_OFFSET ? i - WARMUP_OFFSET : warmup + i);
    return runPaired({
      iterations,
      warmup,
      baseline: (i) => bare(`B${run}-${at(i)}`, amount(at(i))),
      subject: async (i) => {
        const result = await create(`A${run}-${at(i)}`, amount(at(i)));
        if (!result.ok || result.data.outcome !== "created") throw new Error(`the action did not create: ${JSON.stringify(result)}`);
        creates += 1;
      },
    });
  };
  const times: PairedTimes = { baseline: [], subject: [] };
  const withEndpoint: PairedTimes = { baseline: [], subject: [] };
  await subscribed(false);
  // Warm first, then the blocks in the order without, with, with, without, … so neither variant
  // always runs first (or later, on fuller tables).
  await block(WARMUP, 0);
  for (let b = 0; b < BLOCKS * 2; b++) {
    const enabled = b % 4 === 1 || b % 4 === 2;
    await subscribed(enabled);
    const measured = await block(1);
    const into = enabled ? withEndpoint : times;
    into.baseline.push(...measured.baseline);
    into.subject.push(...measured.subject);
  }
  const [pending] = await db.select({ n: count() }).from(paymentRequests).where(eq(paymentRequests.status, "pending"));
  const [audited] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, "payin.create"), eq(auditLog.outcome, "ok")));
  const result: WorkerResult = { times, withEndpoint, pendingRequests: pending?.n ?? 0, okAudits: audited?.n ?? 0, creates };
  fs.writeFileSync(process.env.BENCH_OUT!, JSON.stringify(result));
  console.log(`${kind}: done`);
  await (await database()).close();
  // The reconcile worker and pools of the app's modules may keep the loop alive.
  process.exit(0);
}

const at = process.argv.indexOf("--database");
const task = at >= 0 ? worker(process.argv[at + 1] as Kind) : main();
task.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
