/**
 * bench/webhook-ingest's two-instance run: two PayDesk production builds (`next start`) on one
 * PostgreSQL, in demo mode against the sandbox in its own process, taking provider webhooks over
 * HTTP at a fixed rate for a fixed time — the load that once lost webhooks at 160/s.
 *
 * The load is open-loop, as a provider's is: a webhook is sent every 1/rate s whether or not the
 * earlier ones were answered, half to each instance, each given 30 s to answer (the provider's
 * patience). One in every 100 is a real payment: the sandbox takes the money and sends its own
 * webhook, to instance A. Of the rest, half claim that an open Pay-In was rejected (each needs
 * a confirmation read, and the provider contradicts it: a backlog of processing), a quarter are
 * late deliveries for payments already applied, a quarter name requests PayDesk never made.
 *
 * Measured: every answer's status and time (5xx, none within 30 s), whether every webhook the load
 * sent is stored, whether every real payment is applied (within 60 s after the load, by the webhook
 * or by reconciliation), how long the instances take to settle what they stored, and each
 * instance's RSS growth over the run.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { inArray, sql } from "drizzle-orm";
import { openDatabase } from "../../lib/db/client";
import { merchants, paymentRequests, webhookDeliveries } from "../../lib/db/schema";
import { freePort, startPostgres } from "../../lib/db/testing/postgres-server";
import { createPaymentApi } from "../../lib/provider/client";
import { payInRequest } from "../../lib/requests/contract";
import { createRequest, type RequestRow } from "../../lib/requests/create";
import { startApp, type AppProcess } from "./app-process";
import { percentile } from "./results";
import { startSandboxProcess } from "./sandbox-process";

export interface InstancesOptions {
  /** The PayDesk tree whose production build runs (`.next` built there). */
  root: string;
  bin: string;
  perSecond: number;
  loadMs: number;
  /** One webhook in this many is a real payment at the sandbox. */
  paymentEvery: number;
  openPayIns: number;
}

export interface InstancesOutcome {
  sent: number;
  /** Of `sent`, the webhooks (the rest were payments at the sandbox, or a payment slot with none left to pay). */
  webhooksSent: number;
  answered2xx: number;
  answered4xx: number;
  answered5xx: number;
  /** Of the 5xx, how many were 503 (the intake's "cannot store now, send again"). */
  answered503: number;
  unanswered: number;
  answerMsP50: number;
  answerMsP99: number;
  answerMsMax: number;
  /** Webhooks the load sent that are in webhook_deliveries (whatever their answer). */
  stored: number;
  /** Of those answered 2xx, how many are not stored (must be 0). */
  answered2xxNotStored: number;
  payments: number;
  paymentsApplied: number;
  paymentApplyMsP50: number;
  /** Seconds after the load until no stored delivery was left `received`; null when some still were after 120 s. */
  settledAfterS: number | null;
  rssGrowthMb: number[];
  achievedPerSecond: number;
  unansweredWhy: Record<string, number>;
  /**
   * CPU milliseconds each part of the rig spent per webhook sent, from the load's start until every
   * answer was in: both PayDesk instances together, the sandbox (the provider), PostgreSQL and the
   * load generator (this process). Their sum against the machine's cores says whether the
   * machine, not PayDesk, sets the ceiling.
   */
  cpuMsPerWebhook: { paydesk: number; sandbox: number; postgres: number; loadGenerator: number };
}

const SECRET_HEADER = "X-PayDesk-Webhook-Secret";
const PATIENCE_MS = 30_000;

export async function runTwoInstances(label: string, options: InstancesOptions): Promise<InstancesOutcome> {
  const server = await startPostgres(options.bin);
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const ports = [await freePort(), await freePort()];
  const sandbox = await startSandboxProcess({
    SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${ports[0]}/api/webhooks/payment`,
    SANDBOX_WEBHOOK_SECRET: secret,
    SANDBOX_RATE_LIMIT: "off",
  });
  const instances: AppProcess[] = [];
  const encryptionKey = randomBytes(32).toString("hex");
  const authSecret = randomBytes(32).toString("base64url");
  const databaseUrl = server.url("postgres");
  try {
    // This tree's migrations first: the bench seeds requests with this tree's code, and the baseline
    // (an older tree) would leave out columns that code writes. Migrations only add, so the older
    // code runs on the newer schema; its own migrator then finds nothing to do.
    await (await openDatabase({ url: databaseUrl, migrate: true, poolSize: 1 })).close();
    // One at a time: the first loads the sandbox's merchants.
    for (const port of ports)
      instances.push(
        await startApp({
          root: options.root,
          port,
          sandboxUrl: sandbox.url,
          sandboxCredentialsFile: sandbox.credentialsFile,
          databaseUrl,
          // Both instances must open the keys either sealed (demo mode would make one per data folder).
          // RECONCILE_POLL_MS as in production (bench/lib/app-process.ts shortens it for other benchmarks).
          extraEnv: { ENCRYPTION_KEY: encryptionKey, AUTH_SECRET: authSecret, RECONCILE_POLL_MS: "2000" },
        }),
      );
    const database = await openDatabase({ url: databaseUrl, migrate: false, poolSize: 4 });
    try {
      return await load(label, options, database, sandbox, instances, secret, () => server.pid());
    } finally {
      await database.close();
    }
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await sandbox.stop();
    server.stop();
  }
}

async function load(
  label: string,
  options: InstancesOptions,
  database: Awaited<ReturnType<typeof openDatabase>>,
  sandbox: Awaited<ReturnType<typeof startSandboxProcess>>,
  instances: AppProcess[],
  secret: string,
  postgresPid: () => number | null,
): Promise<InstancesOutcome> {
  const { db } = database;
  const m = sandbox.merchants[0]!;
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(sql`${merchants.merchantId} = ${m.merchantId}`);
  if (!row) throw new Error("the sandbox's merchant was not loaded");
  const merchantRowId = row.id;
  const seeder = createPaymentApi({ baseUrl: sandbox.url, timeoutMs: 10_000, limiter: null }).forMerchant({
    orgId: m.orgId,
    merchantId: m.merchantId,
    submitKey: m.submitKey,
    readKey: m.readKey,
    label: m.name,
  });
  const payments = Math.ceil((options.perSecond * options.loadMs) / 1000 / options.paymentEvery);
  const seed = async (n: number, first: number): Promise<RequestRow[]> => {
    const rows: RequestRow[] = [];
    for (let i = 0; i < n; i += 20)
      rows.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, n - i) }, async (_, j) => {
            // Amounts a whole baht apart: each transfer matches its own request (the provider matches by amount).
            const k = first + i + j;
            const r = await createRequest(
              db,
              seeder,
              {
                kind: "payin",
                payIn: payInRequest({
                  refId1: `WI${k}-${randomBytes(3).toString("hex")}`,
                  payerName: "P",
                  amountSatang: 10_000 + k * 100,
                  qrProvider: "PP",
                }),
              },
              { merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
            );
            if (r.outcome !== "sent" || r.state !== "pending") throw new Error(`seeding failed: ${r.outcome}`);
            return r.request;
          }),
        )),
      );
    return rows;
  };
  const toPay = await seed(payments, 0);
  const open = await seed(options.openPayIns, payments);
  console.log(
    `[webhook-ingest] ${label}: ${payments} Pay-Ins to pay, ${open.length} open; ${options.perSecond}/s for ${options.loadMs / 1000} s…`,
  );

  // Each instance loads the route's code on its first webhook: done before the load, as a running instance has.
  for (const instance of instances)
    await (
      await fetch(`${instance.url}/api/webhooks/payment`, {
        method: "POST",
        headers: { "Content-Type": "application/json", [SECRET_HEADER]: secret },
        body: claim("PaymentIn.Rejected", randomUUID(), m.merchantId, m.orgId).json,
      })
    ).arrayBuffer();
  const rssAtStart = instances.map((i) => rssOf(i.pid));
  const rssGrowthMb: number[] = [];
  const answers: { status: number | null; ms: number }[] = [];
  const sentJobs: string[] = [];
  const answered2xx: string[] = [];
  const paidAt = new Map<string, number>();
  const paid: RequestRow[] = [];
  const inFlight: Promise<unknown>[] = [];
  /** Why a webhook got no answer, and how many. */
  const failures = new Map<string, number>();
  const cpuNow = () => ({
    paydesk: instances.reduce((sum, i) => sum + cpuMsOf(i.pid), 0),
    sandbox: cpuMsOf(sandbox.pid),
    postgres: cpuMsOf(postgresPid() ?? -1),
    loadGenerator: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  const cpuAtStart = cpuNow();
  const started = Date.now();
  let sent = 0;
  for (let n = 0; Date.now() - started < options.loadMs; n++) {
    const due = started + (n * 1000) / options.perSecond;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    if (n % 1000 === 0) rssGrowthMb.push(...instances.map((i, k) => (rssOf(i.pid) - rssAtStart[k]!) / 1024 / 1024));
    sent += 1;
    if (n % options.paymentEvery === 0) {
      const r = toPay[n / options.paymentEvery];
      const payAt = Date.now();
      if (r)
        inFlight.push(
          atMost(PATIENCE_MS + 5_000, control(sandbox.url, "POST", `/requests/${r.providerId}/pay`, {})).then((answer) => {
            if ((answer as { matched?: boolean }).matched) {
              paidAt.set(r.id, payAt);
              paid.push(r);
            }
          }),
        );
      continue;
    }
    const kind = n % 4;
    const late = paid[n % Math.max(1, paid.length)];
    const target = instances[n % 2]!;
    const body =
      kind < 2
        ? claim("PaymentIn.Rejected", open[n % open.length]!.providerId!, m.merchantId, m.orgId)
        : kind === 2 && late
          ? claim("PaymentIn.Success", late.providerId!, m.merchantId, m.orgId, late)
          : claim("PaymentIn.Rejected", randomUUID(), m.merchantId, m.orgId);
    sentJobs.push(body.id);
    const t = performance.now();
    // Bounded by a timer of our own as well: a fetch whose abort signal fired mid-body once never
    // settled (no socket, no timer left), and the run waited for it for ever.
    inFlight.push(
      atMost(
        PATIENCE_MS + 5_000,
        post(`${target.url}/api/webhooks/payment`, { "Content-Type": "application/json", [SECRET_HEADER]: secret }, body.json, PATIENCE_MS),
      )
        .then((status) => {
          answers.push({ status, ms: performance.now() - t });
          if (status >= 200 && status < 300) answered2xx.push(body.id);
        })
        .catch((error: unknown) => {
          answers.push({ status: null, ms: performance.now() - t });
          const reason =
            error instanceof Error && error.name === "TimeoutError" ? "no answer in 30 s" : String((error as Error)?.cause ?? error);
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        }),
    );
  }
  const loadMs = Date.now() - started;
  console.log(`[webhook-ingest] ${label}: load sent (${sent} in ${(loadMs / 1000).toFixed(1)} s); waiting for ${inFlight.length} answers…`);
  await Promise.allSettled(inFlight);
  const cpuAtEnd = cpuNow();
  const perWebhook = (part: keyof typeof cpuAtEnd) => Math.round(((cpuAtEnd[part] - cpuAtStart[part]) / Math.max(1, sent)) * 100) / 100;
  const cpuMsPerWebhook = {
    paydesk: perWebhook("paydesk"),
    sandbox: perWebhook("sandbox"),
    postgres: perWebhook("postgres"),
    loadGenerator: perWebhook("loadGenerator"),
  };
  console.log(`[webhook-ingest] ${label}: CPU ms per webhook ${JSON.stringify(cpuMsPerWebhook)}`);
  console.log(`[webhook-ingest] ${label}: every answer in (or given up on); waiting for the instances to settle…`);
  rssGrowthMb.push(...instances.map((i, k) => (rssOf(i.pid) - rssAtStart[k]!) / 1024 / 1024));

  // Settling: every stored delivery out of `received`, every real payment applied.
  const loadEnded = Date.now();
  let settledAfterS: number | null = null;
  for (;;) {
    const [left] = await patiently(() =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.verdict, ["received", "processing"])),
    );
    if (left!.n === 0) {
      settledAfterS = (Date.now() - loadEnded) / 1000;
      break;
    }
    if (Date.now() - loadEnded > 120_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(
    `[webhook-ingest] ${label}: settled ${settledAfterS === null ? "not within 120 s" : `after ${settledAfterS} s`}; checking payments…`,
  );
  const paidIds = [...paidAt.keys()];
  let applied: { id: string; paidAt: Date | null; status: string }[] = [];
  for (const deadline = Date.now() + 60_000; ;) {
    applied =
      paidIds.length === 0
        ? []
        : await patiently(() =>
            db
              .select({ id: paymentRequests.id, paidAt: paymentRequests.paidAt, status: paymentRequests.status })
              .from(paymentRequests)
              .where(inArray(paymentRequests.id, paidIds)),
          );
    if (applied.every((r) => r.status === "paid") || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const storedJobs = new Set<string>();
  for (let i = 0; i < sentJobs.length; i += 5_000) {
    const rows = await patiently(() =>
      db
        .select({ job: webhookDeliveries.providerJobId })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.providerJobId, sentJobs.slice(i, i + 5_000))),
    );
    for (const r of rows) storedJobs.add(r.job!);
  }
  const times = answers.filter((a) => a.status !== null).map((a) => a.ms);
  times.sort((a, b) => a - b);
  const applyTimes = applied.filter((r) => r.status === "paid" && r.paidAt).map((r) => r.paidAt!.getTime() - paidAt.get(r.id)!);
  applyTimes.sort((a, b) => a - b);
  const count = (test: (status: number) => boolean) => answers.filter((a) => a.status !== null && test(a.status)).length;
  return {
    sent,
    webhooksSent: sentJobs.length,
    answered2xx: count((s) => s >= 200 && s < 300),
    answered4xx: count((s) => s >= 400 && s < 500),
    answered5xx: count((s) => s >= 500),
    answered503: count((s) => s === 503),
    unanswered: answers.filter((a) => a.status === null).length,
    answerMsP50: percentile(times, 50),
    answerMsP99: percentile(times, 99),
    answerMsMax: times.at(-1) ?? Number.NaN,
    stored: storedJobs.size,
    answered2xxNotStored: answered2xx.filter((id) => !storedJobs.has(id)).length,
    payments: paidIds.length,
    paymentsApplied: applied.filter((r) => r.status === "paid").length,
    paymentApplyMsP50: percentile(applyTimes, 50),
    settledAfterS,
    rssGrowthMb,
    achievedPerSecond: sent / (loadMs / 1000),
    unansweredWhy: Object.fromEntries(failures),
    cpuMsPerWebhook,
  };
}

/**
 * The load's webhooks, sent with node:http on kept-alive connections: fetch (undici) cost the load
 * generator ~1.9 ms of CPU per webhook, a share of the same two cores the instances run on.
 */
const loadAgent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** POSTs `body` and reads the whole answer: its status, or a TimeoutError after `ms`. */
function post(url: string, headers: Record<string, string>, body: string, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", agent: loadAgent, headers: { ...headers, "Content-Length": Buffer.byteLength(body) } },
      (answer) => {
        answer.resume();
        answer.once("end", () => {
          clearTimeout(timer);
          resolve(answer.statusCode ?? 0);
        });
        answer.once("error", reject);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error(`no answer in ${ms} ms`), { name: "TimeoutError" }));
    }, ms);
    request.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/** `promise`, or a TimeoutError after `ms` by a timer of our own. */
function atMost<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer in ${ms} ms`), { name: "TimeoutError" })), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The bench's own reads, retried: on a machine this loaded a new connection can miss the pool's connect timeout. */
async function patiently<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

/** A provider webhook job as the live provider shapes it (docs/provider-facts.md §6.2–6.3). */
function claim(
  event: "PaymentIn.Rejected" | "PaymentIn.Success",
  providerId: string,
  merchantId: string,
  orgId: string,
  request?: RequestRow,
): { id: string; json: string } {
  const id = randomUUID();
  const parameters = [
    ["EVENT_TYPE", event],
    ["ORG_ID", orgId],
    ["MERCHANT_ID", merchantId],
    ["PMR_ID", providerId],
    ...(request
      ? [
          ["PMR_REF_ID1", request.refId1],
          ["TX_AMOUNT", request.generatedAmount ?? request.requestedAmount],
        ]
      : []),
    ...(event === "PaymentIn.Rejected"
      ? [
          ["STATUS_CODE", "ADMIN_REJECT"],
          ["STATUS_REASON", "bench"],
        ]
      : []),
  ].map(([Name, Value]) => ({ Name, Value }));
  return { id, json: JSON.stringify({ Id: id, OrgId: orgId, Type: event, Parameters: parameters }) };
}

/** The process ids under `pid` (itself included), from /proc. */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const all: number[] = [];
  for (const stack = [pid]; stack.length > 0;) {
    const p = stack.pop()!;
    all.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return all;
}

/** CPU time (user + system, ms) of a process and everything it runs, from /proc (at 100 ticks a second). */
function cpuMsOf(pid: number): number {
  if (pid <= 0) return 0;
  let ticks = 0;
  for (const p of tree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime, stime, and what its children that already ended used (cutime, cstime).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}

/** Resident memory (bytes) of a process and everything it started, from /proc. */
function rssOf(pid: number): number {
  let total = 0;
  for (const p of tree(pid)) {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

async function control(base: string, method: string, pathname: string, body: unknown): Promise<unknown> {
  const answer = await fetch(`${base}/sandbox${pathname}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(PATIENCE_MS),
  });
  if (!answer.ok) throw new Error(`sandbox ${method} ${pathname}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}
