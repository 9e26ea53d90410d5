/**
 * bench/create-overhead (issue 4, "Done when"): what PayDesk's whole server-side create of a Pay-In
 * costs over the provider call itself, on PGlite and on Postgres. Target: p50 overhead ≤ 10 ms on each.
 *
 * A — the bare provider call: the same Pay-In submitted to the sandbox process with a bare fetch.
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
 * --database <kind>) against one sandbox process, alternating A and B so both see the same machine.
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
import { figure, median, percentile, writeResults, type Figure } from "./lib/results";
import { startSandboxProcess, type BenchMerchant } from "./lib/sandbox-process";

const ITERATIONS = 400;
const WARMUP = 50;
const TARGET_OVERHEAD_MS = 10;
const RATE_LIMIT = "100000/10s";
const DATABASE_KINDS = ["pglite", "postgres"] as const;
type Kind = (typeof DATABASE_KINDS)[number];

interface WorkerResult {
  bare: number[];
  action: number[];
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
    order: "alternating A/B",
    a: "bare fetch of SubmitPayInRequest to the sandbox process",
    b: "createPayInAction(FormData) with a next-auth session cookie: defineAction + createRequest + provider call + audit",
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
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      NODE_ENV: "production",
      DATA_DIR: dir,
      PAYMENT_API_BASE_URL: sandboxUrl,
      PAYMENT_API_RATE_LIMIT: RATE_LIMIT,
      AUTH_SECRET: randomBytes(32).toString("base64"),
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      BENCH_MERCHANT: JSON.stringify(merchant),
      BENCH_OUT: out,
      ...(postgres ? { DATABASE_URL: postgres.url("postgres") } : {}),
    };
    await runChild(kind, env);
    return JSON.parse(fs.readFileSync(out, "utf8")) as WorkerResult;
  } finally {
    postgres?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
  const bare = [...r.bare].sort((a, b) => a - b);
  const action = [...r.action].sort((a, b) => a - b);
  const bareP50 = median(bare);
  const actionP50 = median(action);
  console.log(`${kind}: ${r.creates} creates; ${r.pendingRequests} requests pending, ${r.okAudits} audited`);
  return {
    [`${kind}_bare_fetch_submit_ms_p50`]: figure(bareP50, "ms"),
    [`${kind}_action_create_ms_p50`]: figure(actionP50, "ms"),
    [`${kind}_overhead_ms_p50`]: figure(actionP50 - bareP50, "ms", { atMost: TARGET_OVERHEAD_MS }),
    [`${kind}_action_vs_bare_ratio_p50`]: figure(actionP50 / bareP50, "ratio"),
    [`${kind}_bare_fetch_submit_ms_p95`]: figure(percentile(bare, 95), "ms"),
    [`${kind}_action_create_ms_p95`]: figure(percentile(action, 95), "ms"),
    [`${kind}_overhead_ms_p95`]: figure(percentile(action, 95) - percentile(bare, 95), "ms"),
    // The same overhead taken pair by pair (each action against the bare call beside it).
    [`${kind}_overhead_ms_paired_p50`]: figure(median(r.action.map((a, i) => a - r.bare[i]!)), "ms"),
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
  const { keyVault } = await import("../lib/merchants/vault");
  const { insertStaff } = await import("../lib/auth/testing/staff");
  const { SESSION_MAX_AGE_SECONDS } = await import("../lib/auth/base-config");
  const { toDecimalString } = await import("../lib/money");
  const { generateIdempotencyKey } = await import("../lib/requests/ref-id");
  const { createPayInAction } = await import("../app/(console)/new/actions");

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
    token: { sub: staff.id, uid: staff.id, sid: crypto.randomUUID(), role: "operator", merchantIds: [merchant.id], email: staff.email, name: "Bench operator" },
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

  const url = `${process.env.PAYMENT_API_BASE_URL}/api/PaymentRequest/org/${m.orgId}/action/SubmitPayInRequest/${m.merchantId}`;
  const authorization = `Basic ${Buffer.from(`api:${m.submitKey}`).toString("base64")}`;
  const run = Date.now().toString(36);
  // Varied amounts so the sandbox's unique satang never run out.
  const amount = (i: number) => 2_000 + ((i * 7_919) % 4_000_000);

  const bare = async (i: number) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: authorization },
      body: JSON.stringify({ RefId1: `B${run}-${i}`, PayerName: "Bench", RequestedAmount: Number(toDecimalString(amount(i))), Currency: "THB", QrProvider: "PP" }),
    });
    const body = (await res.json()) as { status: string };
    if (body.status !== "OK") throw new Error(`bare submit failed: ${body.status}`);
  };
  let creates = 0;
  const action = async (i: number) => {
    const form = new FormData();
    form.set("merchantId", merchant.id);
    form.set("idempotencyKey", generateIdempotencyKey());
    form.set("refId1", `A${run}-${i}`);
    form.set("amount", toDecimalString(amount(i)));
    form.set("payerName", "Bench");
    form.set("qrProvider", "PP");
    const result = await inRequestScope(requestHeaders, () => createPayInAction(null, form));
    if (!result.ok || result.data.outcome !== "created") throw new Error(`the action did not create: ${JSON.stringify(result)}`);
    creates += 1;
  };

  const timeOf = async (fn: (i: number) => Promise<void>, i: number) => {
    const t = performance.now();
    await fn(i);
    return performance.now() - t;
  };
  for (let i = 0; i < WARMUP; i++) {
    await bare(1_000_000 + i);
    await action(1_000_000 + i);
  }
  const bareTimes: number[] = [];
  const actionTimes: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    // Alternate which goes first so neither always gets the warmer socket or the idle database.
    if (i % 2 === 0) {
      bareTimes.push(await timeOf(bare, i));
      actionTimes.push(await timeOf(action, i));
    } else {
      actionTimes.push(await timeOf(action, i));
      bareTimes.push(await timeOf(bare, i));
    }
  }
  const [pending] = await db.select({ n: count() }).from(paymentRequests).where(eq(paymentRequests.status, "pending"));
  const [audited] = await db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, "payin.create"), eq(auditLog.outcome, "ok")));
  const result: WorkerResult = { bare: bareTimes, action: actionTimes, pendingRequests: pending?.n ?? 0, okAudits: audited?.n ?? 0, creates };
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
