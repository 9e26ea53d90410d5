/**
 * bench/provider-budget: the provider's 20-calls-per-10-s budget under load, shared by two PayDesk
 * instances on one PostgreSQL, against the sandbox in its live profile (its own process, limiting
 * at 20/10 s and answering 429 past it, docs/provider-facts.md §8.1).
 *
 * Each design runs the same load on a fresh database and sandbox: 300 open Pay-Ins and 100 open
 * Pay-Outs being reconciled by both instances; for 60 s, 50 webhooks a second (real payments made
 * at the sandbox, whose webhooks it sends to instance A, and the rest late or unknown deliveries
 * sent to both, as a provider retrying old jobs would), an anonymous flood of slip-link checks at
 * instance B, and a staff create every 2 s on alternating instances. (Late deliveries are for
 * payments applied 30 s or more before; until there are any, for ids PayDesk never made.) Measured: each staff create's
 * wait for budget and whether it was refused, every webhook's answer time, how long each real
 * payment took to be applied after the sandbox took it, how many were applied unconfirmed, each
 * instance's RSS growth, and the 429s PayDesk drew.
 *
 * "lanes" is PayDesk as it is; "flat", the baseline in the same run, is the design before lanes
 * and bulk reads, from the same code with them switched off (bench/lib/budget-instance.ts).
 */
import { fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { openDatabase } from "../lib/db/client";
import { paymentRequests, webhookDeliveries } from "../lib/db/schema";
import { findPostgresBin, freePort, startPostgres } from "../lib/db/testing/postgres-server";
import { createKeyVault } from "../lib/merchants/key-vault";
import { createMerchant } from "../lib/merchants/manage";
import { rotateWebhookSecret } from "../lib/merchants/webhook-secret";
import { createPaymentApi } from "../lib/provider/client";
import { createRequest, type RequestRow } from "../lib/requests/create";
import { figure, percentile, writeResults, type Figure } from "./lib/results";
import { startSandboxProcess } from "./lib/sandbox-process";
import { factWords } from "../lib/requests/notes";
import { payInRequest, payOutRequest } from "../lib/requests/contract";

/** BENCH_LOAD_MS and BENCH_DESIGNS shorten a run while investigating; the committed result uses neither. */
const LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? 60_000);
const DESIGNS = (process.env.BENCH_DESIGNS ?? "flat,lanes").split(",") as ("flat" | "lanes")[];
const WEBHOOKS_PER_SECOND = 50;
const PAYMENT_EVERY_MS = 1_000;
const STAFF_CREATE_EVERY_MS = 2_000;
const SLIP_CHECKS_PER_SECOND = 20;
const OPEN_PAYINS = 300;
const OPEN_PAYOUTS = 100;
const root = path.resolve(import.meta.dirname, "..");

interface Outcome {
  staffWaits: number[];
  staffRefused: number;
  staffCreates: number;
  webhookAnswers: number[];
  applyLatencies: number[];
  payments: number;
  notApplied: number;
  appliedUnconfirmed: number;
  rssGrowthMb: number[];
  tooMany: number;
  /** Provider calls made by the instances during the run, by lane of the budget. */
  callsByLane: Record<string, number>;
}

const bin = findPostgresBin();
if (!bin) {
  console.error("bench/provider-budget needs PostgreSQL (Debian's postgresql package).");
  process.exit(1);
}
const server = await startPostgres(bin);
const outcomes: Record<string, Outcome> = {};
try {
  for (const design of DESIGNS) {
    console.log(`\n[provider-budget] ${design}: seeding…`);
    outcomes[design] = await run(design, server.url(`budget_${design}`));
    console.log(`[provider-budget] ${design}:`, JSON.stringify(summary(outcomes[design]!)), JSON.stringify(outcomes[design]!.callsByLane));
  }
} finally {
  server.stop();
}

function summary(o: Outcome) {
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  return {
    staffWaitP95: percentile(sorted(o.staffWaits), 95),
    staffRefused: o.staffRefused,
    webhookAnswerP99: percentile(sorted(o.webhookAnswers), 99),
    applyP95: percentile(sorted(o.applyLatencies), 95),
    notApplied: o.notApplied,
    appliedUnconfirmed: o.appliedUnconfirmed,
    rssGrowthMb: Math.max(...o.rssGrowthMb),
    tooMany: o.tooMany,
  };
}

if (DESIGNS.length < 2) process.exit(0);
const now = summary(outcomes.lanes!);
const before = summary(outcomes.flat!);
const figures: Record<string, Figure> = {
  staff_create_wait_p95: figure(now.staffWaitP95, "ms", { atMost: 2_000 }),
  staff_creates_refused: figure(now.staffRefused, "creates", { atMost: 0 }),
  webhook_answer_p99: figure(now.webhookAnswerP99, "ms", { atMost: 1_000 }),
  payment_applied_p95: figure(now.applyP95 / 1000, "s", { atMost: 15 }),
  payments_not_applied: figure(now.notApplied, "payments", { atMost: 0 }),
  applied_unconfirmed: figure(now.appliedUnconfirmed, "webhooks", { atMost: 0 }),
  rss_growth_max: figure(now.rssGrowthMb, "MB", { atMost: 200 }),
  provider_429s: figure(now.tooMany, "answers", { atMost: 0 }),
  baseline_staff_create_wait_p95: figure(before.staffWaitP95, "ms"),
  baseline_staff_creates_refused: figure(before.staffRefused, "creates"),
  baseline_webhook_answer_p99: figure(before.webhookAnswerP99, "ms"),
  baseline_payment_applied_p95: figure(before.applyP95 / 1000, "s"),
  baseline_payments_not_applied: figure(before.notApplied, "payments"),
  baseline_applied_unconfirmed: figure(before.appliedUnconfirmed, "webhooks"),
  baseline_rss_growth_max: figure(before.rssGrowthMb, "MB"),
  baseline_provider_429s: figure(before.tooMany, "answers"),
};
writeResults("provider-budget", figures, {
  load: {
    seconds: LOAD_MS / 1000,
    webhooksPerSecond: WEBHOOKS_PER_SECOND,
    paymentEveryMs: PAYMENT_EVERY_MS,
    staffCreateEveryMs: STAFF_CREATE_EVERY_MS,
    slipChecksPerSecond: SLIP_CHECKS_PER_SECOND,
    openPayIns: OPEN_PAYINS,
    openPayOuts: OPEN_PAYOUTS,
  },
  counts: Object.fromEntries(
    Object.entries(outcomes).map(([d, o]) => [
      d,
      { staffCreates: o.staffCreates, payments: o.payments, webhooks: o.webhookAnswers.length, providerCallsByLane: o.callsByLane },
    ]),
  ),
  baseline:
    "the same code with lanes, bulk reads and batched confirmations switched off (bench/lib/budget-instance.ts, BUDGET_DESIGN=flat)",
});

async function run(design: "flat" | "lanes", databaseUrl: string): Promise<Outcome> {
  await createDatabase(databaseUrl);
  const database = await openDatabase({ url: databaseUrl, migrate: true, poolSize: 8 });
  const sandbox = await startSandboxProcess({ SANDBOX_PROFILE: "live", SANDBOX_RATE_LIMIT: "20/10s" });
  const instances: Instance[] = [];
  try {
    const { db } = database;
    const m = sandbox.merchants[0]!;
    const vaultKey = randomBytes(32);
    const credentials = { orgId: m.orgId, merchantId: m.merchantId, submitKey: m.submitKey, readKey: m.readKey, label: m.name };
    const merchantRowId = (await createMerchant(db, createKeyVault([vaultKey]), { displayName: m.name, ...credentials })).id;
    const secret = await rotateWebhookSecret(db, merchantRowId);

    // Seeding is not the load: each of its calls carries a client address of its own, so it uses
    // buckets of the sandbox's limiter that PayDesk's instances (no such header) never touch.
    let seedCalls = 0;
    const seeder = createPaymentApi({
      baseUrl: sandbox.url,
      timeoutMs: 10_000,
      limiter: null,
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            "X-Original-Forwarded-For": `10.${(seedCalls >> 8) & 255}.${seedCalls++ & 255}.1`,
          },
        }),
    }).forMerchant(credentials);
    const seed = async (n: number, make: (i: number) => Parameters<typeof createRequest>[2]): Promise<RequestRow[]> => {
      const rows: RequestRow[] = [];
      for (let i = 0; i < n; i += 20) {
        rows.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(20, n - i) }, async (_, j) => {
              const r = await createRequest(db, seeder, make(i + j), { merchantRowId, idempotencyKey: randomUUID(), createdBy: null });
              if (r.outcome !== "sent" || r.state !== "pending")
                throw new Error(
                  `seeding failed: ${r.outcome} ${r.outcome === "sent" ? `${r.state} ${r.request.statusCode} ${r.reason ? factWords(r.reason, "en") : ""}` : ""}`,
                );
              return r.request;
            }),
          )),
        );
      }
      return rows;
    };
    // Amounts a whole baht apart: each transfer matches its own request (the provider matches by amount).
    const payIns = await seed(OPEN_PAYINS, (i) => ({
      kind: "payin",
      payIn: payInRequest({
        refId1: `BP${i}-${randomBytes(3).toString("hex")}`,
        payerName: "P",
        amountSatang: 10_000 + i * 100,
        qrProvider: "PP",
      }),
    }));
    await seed(OPEN_PAYOUTS, (i) => ({
      kind: "payout",
      payOut: payOutRequest({
        refId1: `BO${i}-${randomBytes(3).toString("hex")}`,
        amountSatang: 100_000,
        destination: { type: "promptpay", promptPayId: "0812345678" },
      }),
    }));
    // Everything is due now, as after a restart.
    await db.update(paymentRequests).set({ nextCheckAt: sql`now()` });

    const ports = [await freePort(), await freePort()];
    for (const [i, port] of ports.entries())
      instances.push(await startInstance(design, port, databaseUrl, sandbox.url, vaultKey, `ABCDEFGH`[i]!));
    const [a, b] = instances as [Instance, Instance];
    await control(sandbox.url, "PUT", `/merchants/${m.merchantId}/webhook`, {
      url: `${a.url}/webhook`,
      headers: { "X-PayDesk-Webhook-Secret": secret },
    });
    console.log(`[provider-budget] ${design}: load for ${LOAD_MS / 1000} s…`);

    const outcome: Outcome = {
      staffWaits: [],
      staffRefused: 0,
      staffCreates: 0,
      webhookAnswers: [],
      applyLatencies: [],
      payments: 0,
      notApplied: 0,
      appliedUnconfirmed: 0,
      rssGrowthMb: [],
      tooMany: 0,
      callsByLane: {},
    };
    const rssAtStart = await Promise.all(instances.map((x) => x.rss()));
    const paidAt = new Map<string, number>();
    const terminal: RequestRow[] = [];
    const started = Date.now();
    const until = started + LOAD_MS;
    const tasks: Promise<unknown>[] = [];
    const every = (ms: number, work: (n: number) => Promise<unknown>) =>
      tasks.push(
        (async () => {
          for (let n = 0; Date.now() < until; n++) {
            const next = started + (n + 1) * ms;
            void work(n).catch((error: unknown) => console.warn(`[provider-budget] ${String(error)}`));
            await sleep(Math.max(0, next - Date.now()));
          }
        })(),
      );

    // Real payments: the sandbox takes the money and sends its webhook to instance A.
    every(PAYMENT_EVERY_MS, async (n) => {
      const r = payIns[n];
      if (!r) return;
      const answer = (await control(sandbox.url, "POST", `/requests/${r.providerId}/pay`, {})) as { matched?: boolean };
      if (answer.matched) {
        paidAt.set(r.id, Date.now());
        terminal.push(r);
      }
    });
    // Late and unknown deliveries (a provider re-sending old jobs), half to each instance.
    every(1_000 / WEBHOOKS_PER_SECOND, async (n) => {
      const target = n % 2 === 0 ? a : b;
      // Late deliveries are for payments made at least 30 s before (PayDesk has applied them), the rest for ids it never made.
      const late = terminal.filter((r) => Date.now() - paidAt.get(r.id)! > 30_000);
      const known = late[n % Math.max(1, late.length)];
      const body = job(
        known && n % 4 !== 3 ? known.providerId! : randomUUID(),
        known?.refId1 ?? "UNKNOWN",
        known?.generatedAmount ?? "1.00",
        m.merchantId,
        m.orgId,
      );
      const sent = Date.now();
      const answer = await fetch(`${target.url}/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-PayDesk-Webhook-Secret": secret },
        body,
      });
      await answer.arrayBuffer();
      outcome.webhookAnswers.push(Date.now() - sent);
      if (process.env.BENCH_TRACE && Date.now() - sent > 1_000)
        console.log(
          `slow webhook answer: ${Date.now() - sent} ms from ${target === a ? "A" : "B"} at ${Math.round((sent - started) / 1000)} s (${answer.status})`,
        );
    });
    // Anyone opening slip links with made-up tokens, at instance B.
    every(1_000 / SLIP_CHECKS_PER_SECOND, async (n) => {
      const r = payIns[(n * 7) % payIns.length]!;
      await (
        await fetch(`${b.url}/slip?org=${encodeURIComponent(m.orgId)}&id=${r.providerId}&token=${randomBytes(16).toString("hex")}`)
      ).arrayBuffer();
    });
    // Staff create a Pay-In every 2 s, on alternating instances.
    every(STAFF_CREATE_EVERY_MS, async (n) => {
      const target = n % 2 === 0 ? a : b;
      const answer = (await (
        await fetch(`${target.url}/staff-create`, {
          method: "POST",
          body: JSON.stringify({ merchantRowId, refId1: `ST${n}-${randomBytes(3).toString("hex")}`, amountSatang: 500_000 + n * 100 }),
        })
      ).json()) as { code: string | null; waitedMs: number | null };
      outcome.staffCreates += 1;
      if (answer.code?.startsWith("NOT_SENT_")) outcome.staffRefused += 1;
      if (answer.waitedMs !== null) outcome.staffWaits.push(answer.waitedMs);
    });
    every(1_000, async () => {
      const rss = await Promise.all(instances.map((x) => x.rss()));
      outcome.rssGrowthMb.push(...rss.map((r, i) => (r - rssAtStart[i]!) / 1024 / 1024));
    });
    await Promise.all(tasks);

    // What the load left: every payment applied within the next 30 s, or counted as not applied.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ids = [...paidAt.keys()];
      const rows =
        ids.length === 0
          ? []
          : await db
              .select({ id: paymentRequests.id, status: paymentRequests.status, paidAt: paymentRequests.paidAt })
              .from(paymentRequests)
              .where(inArray(paymentRequests.id, ids));
      const done = rows.filter((r) => r.status === "paid" && r.paidAt);
      if (done.length === ids.length || Date.now() > deadline) {
        outcome.payments = ids.length;
        outcome.notApplied = ids.length - done.length;
        outcome.applyLatencies = done.map((r) => r.paidAt!.getTime() - paidAt.get(r.id)!);
        break;
      }
      await sleep(500);
    }
    if (process.env.BENCH_TRACE) {
      const ids = [...paidAt.keys()];
      const rows = await db.execute(
        sql`select r.id, r.paid_at, min(d.received_at) as received, string_agg(d.verdict, ',') as verdicts from payment_requests r left join webhook_deliveries d on d.request_id = r.id and d.verdict <> 'ignored' where r.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) group by r.id, r.paid_at`,
      );
      for (const r of (rows as unknown as { rows: { id: string; paid_at: Date | null; received: Date | null; verdicts: string | null }[] })
        .rows) {
        const pay = paidAt.get(r.id)!;
        console.log(
          `payment ${r.id}: received +${r.received ? new Date(r.received).getTime() - pay : "-"} ms, applied +${r.paid_at ? new Date(r.paid_at).getTime() - pay : "-"} ms, verdicts ${r.verdicts}`,
        );
      }
    }
    const unconfirmed = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.verdict, ["applied_unconfirmed"]));
    outcome.appliedUnconfirmed = unconfirmed.length;
    outcome.tooMany = (await Promise.all(instances.map((x) => x.tooMany()))).reduce((s, n) => s + n, 0);
    const lanes = await db.execute(
      sql`select coalesce(lane, 'none') as lane, count(*)::int as n from provider_calls where provider = ${sandbox.url} group by 1`,
    );
    outcome.callsByLane = Object.fromEntries((lanes as unknown as { rows: { lane: string; n: number }[] }).rows.map((r) => [r.lane, r.n]));
    return outcome;
  } finally {
    for (const x of instances) x.stop();
    await sandbox.stop();
    await database.close();
  }
}

function job(providerId: string, refId1: string, amount: string, merchantId: string, orgId: string): string {
  const parameters = [
    ["EVENT_TYPE", "PaymentIn.Success"],
    ["ORG_ID", orgId],
    ["MERCHANT_ID", merchantId],
    ["PMR_ID", providerId],
    ["PMR_REF_ID1", refId1],
    ["TX_AMOUNT", amount],
  ].map(([Name, Value]) => ({ Name, Value }));
  return JSON.stringify({ Id: randomUUID(), OrgId: orgId, Type: "Payment.Success", Status: "Pending", Parameters: parameters });
}

interface Instance {
  url: string;
  rss(): Promise<number>;
  tooMany(): Promise<number>;
  stop(): void;
}

async function startInstance(
  design: string,
  port: number,
  databaseUrl: string,
  sandboxUrl: string,
  vaultKey: Buffer,
  name: string,
): Promise<Instance> {
  const child = fork(path.join(root, "bench", "lib", "budget-instance.ts"), [], {
    execArgv: ["--import", "tsx", "--conditions=react-server"],
    env: {
      ...process.env,
      BUDGET_DESIGN: design,
      BUDGET_PORT: String(port),
      BUDGET_DATABASE_URL: databaseUrl,
      BUDGET_SANDBOX_URL: sandboxUrl,
      BUDGET_VAULT_KEY: vaultKey.toString("hex"),
      BUDGET_NAME: name,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`instance ${name} exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const stats = async () => (await (await fetch(`${url}/stats`)).json()) as { tooMany: number; rss: number };
  // RSS as the kernel counts it for the process (what an operator's monitoring sees).
  const rss = async () => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : (await stats()).rss;
  };
  return { url, rss, tooMany: async () => (await stats()).tooMany, stop: () => child.kill("SIGKILL") };
}

async function createDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = "/postgres";
  const admin = await openDatabase({ url: target.toString(), migrate: false, poolSize: 1 });
  try {
    await admin.db.execute(sql.raw(`create database "${name}"`));
  } finally {
    await admin.close();
  }
}

/** The sandbox's control API (sandbox/control.ts): what a bank and the provider's admin do. */
async function control(base: string, method: string, pathname: string, body: unknown): Promise<unknown> {
  const answer = await fetch(`${base}/sandbox${pathname}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`sandbox ${method} ${pathname}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
