import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { outboundDeliveries, outboundEvents, paymentRequests, providerCalls, webhookDeliveries } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { createEndpoint } from "../outbound-webhooks/endpoints";
import { collectMetrics, type Gauge } from "./metrics";
import { render } from "./prometheus";
import { setUpTestDatabase } from "../testing/database-fixture";

const surroundings = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("../db/index", () => ({ getDb: async () => surroundings.db }));
vi.stubEnv("METRICS_TOKEN", "scrape-token-0123456789abcdef");
const { GET } = await import("@/app/api/metrics/route");

const vault = createKeyVault([randomBytes(32)]);
const value = (gauges: Gauge[], name: string, labels: Record<string, string> = {}) =>
  gauges.find((g) => g.name === name)?.samples.find((s) => JSON.stringify(s.labels ?? {}) === JSON.stringify(labels))?.value;

describe.each(DATABASE_KINDS)("the metrics on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  let merchant: string;
  const now = new Date("2026-11-26T10:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  beforeAll(async () => {
    if (skip) return;
    surroundings.db = setup.db;
    merchant = (
      await createMerchant(setup.db, vault, {
        displayName: "Shop",
        orgId: "org-m",
        merchantId: "b0c8a7a4-0000-4000-8000-00000000001a",
        submitKey: "submit-key-m-0000000000",
      })
    ).id;
  });

  const request = (kind: string, status: string, nextCheckAt: Date | null) =>
    setup.db.insert(paymentRequests).values({
      id: `req_${randomBytes(10).toString("hex")}`,
      merchantId: merchant,
      kind: kind as "payin",
      refId1: `MT-${randomBytes(5).toString("hex")}`,
      requestedAmount: "100.00",
      status,
      input: {},
      idempotencyKey: randomUUID(),
      nextCheckAt,
    });

  it.skipIf(skip)("count what is open, behind, received, queued and called, from the database", async () => {
    await request("payin", "pending", new Date(now.getTime() + 10_000));
    await request("payin", "pending", ago(5 * 60_000)); // its check is 5 minutes overdue
    await request("payout", "needs_review", null);
    await request("payin", "paid", null);
    await request("payout", "rejected", ago(3_600_000));
    const webhook = (verdict: string, receivedAt: Date) =>
      setup.db.insert(webhookDeliveries).values({ providerJobId: randomUUID(), verdict, rawBody: "{}", receivedAt });
    await webhook("applied", ago(60_000));
    await webhook("applied", ago(3_600_000));
    await webhook("unconfirmed", ago(120_000));
    await webhook("applied", ago(2 * 86_400_000)); // older than a day
    const { endpoint } = await createEndpoint(setup.db, vault, {
      merchantRowId: merchant,
      url: "https://shop.example/hooks",
      description: null,
      eventTypes: ["payin.paid"],
      createdBy: null,
    });
    for (const [status, createdAt] of [
      ["pending", ago(90_000)],
      ["pending", ago(10_000)],
      ["failed", ago(86_400_000)],
      ["delivered", ago(1_000)],
    ] as const) {
      const eventId = `evt_${randomBytes(8).toString("hex")}`;
      await setup.db.insert(outboundEvents).values({ id: eventId, merchantId: merchant, type: "payin.paid", requestRow: {} });
      await setup.db.insert(outboundDeliveries).values({ eventId, endpointId: endpoint.id, status, createdAt });
    }
    await setup.db.insert(providerCalls).values([
      { provider: "p", at: ago(60_000), lane: "staff", waitedMs: 0 },
      { provider: "p", at: ago(30_000), lane: "reconcile", waitedMs: 1_250 },
      { provider: "p", at: ago(20_000), lane: "reconcile", waitedMs: 40 },
      { provider: "p", at: ago(2 * 3_600_000), lane: "staff", waitedMs: 9_000 }, // older than an hour
    ]);

    const gauges = await collectMetrics(async () => setup.db, now);
    expect(value(gauges, "paydesk_database_up")).toBe(1);
    expect(value(gauges, "paydesk_requests_open", { kind: "payin", status: "pending" })).toBe(2);
    expect(value(gauges, "paydesk_requests_open", { kind: "payout", status: "needs_review" })).toBe(1);
    expect(gauges.find((g) => g.name === "paydesk_requests_open")!.samples).toHaveLength(2);
    expect(value(gauges, "paydesk_reconcile_behind")).toBe(1);
    expect(value(gauges, "paydesk_reconcile_behind_oldest_seconds")).toBe(300);
    expect(value(gauges, "paydesk_webhooks_received_24h", { verdict: "applied" })).toBe(2);
    expect(value(gauges, "paydesk_webhooks_received_24h", { verdict: "unconfirmed" })).toBe(1);
    expect(value(gauges, "paydesk_outbound_deliveries", { status: "pending" })).toBe(2);
    expect(value(gauges, "paydesk_outbound_deliveries", { status: "failed" })).toBe(1);
    expect(value(gauges, "paydesk_outbound_oldest_pending_seconds")).toBe(90);
    expect(value(gauges, "paydesk_provider_calls_1h", { lane: "reconcile" })).toBe(2);
    expect(value(gauges, "paydesk_provider_calls_1h", { lane: "staff" })).toBe(1);
    expect(value(gauges, "paydesk_provider_wait_max_ms_1h", { lane: "reconcile" })).toBe(1_250);
    // What waits, by queue (lib/jobs/waiting.ts): the requests with a check set are all due by the
    // database's clock (this test's "now" is behind it), and the two pending deliveries too.
    expect(value(gauges, "paydesk_jobs", { queue: "reconcile", state: "due" })).toBe(3);
    expect(value(gauges, "paydesk_jobs", { queue: "outbound", state: "due" })).toBe(2);
    expect(value(gauges, "paydesk_jobs", { queue: "outbound", state: "held" })).toBe(0);
    expect(value(gauges, "paydesk_jobs_retrying", { queue: "outbound" })).toBe(0);
    expect(value(gauges, "paydesk_jobs", { queue: "bulk", state: "due" })).toBe(0);
    expect(value(gauges, "paydesk_jobs_oldest_due_seconds", { queue: "notify" })).toBe(0);
    expect(value(gauges, "paydesk_stopping")).toBe(0);
  });

  it.skipIf(skip)("are served only with the token, in Prometheus's text format", async () => {
    const scrape = (authorization?: string) =>
      GET(new Request("http://paydesk.test/api/metrics", { headers: authorization ? { authorization } : {} }));
    const refused = await scrape();
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    expect((await refused.json()).error).toBe("Send METRICS_TOKEN as Authorization: Bearer <token>.");
    expect((await scrape("Bearer scrape-token-0123456789abcdeX")).status).toBe(401);
    const answer = await scrape("Bearer scrape-token-0123456789abcdef");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await answer.text();
    expect(text).toContain("# TYPE paydesk_requests_open gauge\n");
    expect(text).toMatch(/^paydesk_requests_open\{kind="payin",status="pending"\} \d+$/m);
    expect(text).toMatch(/^paydesk_event_streams_open \d+$/m);
    // Node's and the process's own figures, from prom-client's defaults.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toContain("# TYPE nodejs_eventloop_lag_p99_seconds gauge");
  });
});

describe("the metrics without a database", () => {
  it("still answer, with the process's figures and paydesk_database_up 0; another failure is not hidden", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const gauges = await collectMetrics(() => Promise.reject(refused));
    expect(value(gauges, "paydesk_database_up")).toBe(0);
    expect(gauges.some((g) => g.name === "paydesk_requests_open")).toBe(false);
    expect(value(gauges, "paydesk_stopping")).toBe(0);
    await expect(collectMetrics(() => Promise.reject(new Error('relation "payment_requests" does not exist')))).rejects.toThrow(
      /does not exist/,
    );
  });
});

describe("the text format", () => {
  it("escapes label values and help text, writes a figure without samples as its HELP and TYPE alone, and leaves out a figure a scrape lacks", async () => {
    let text = await render([
      { name: "test_x_total", type: "counter", help: 'a "help"\nline \\', samples: [{ labels: { verdict: 'say "hi"\\\n' }, value: 3 }] },
      { name: "test_y", help: "none yet", samples: [] },
      { name: "test_z", help: "one", samples: [{ value: 7 }] },
    ]);
    expect(text).toContain('# HELP test_x_total a "help"\\nline \\\\\n# TYPE test_x_total counter\n');
    expect(text).toContain('test_x_total{verdict="say \\"hi\\"\\\\\\n"} 3\n');
    expect(text).toContain("# HELP test_y none yet\n# TYPE test_y gauge\n");
    expect(text).toMatch(/^test_z 7$/m);
    text = await render([{ name: "test_y", help: "none yet", samples: [{ value: 1 }] }]);
    expect(text).toMatch(/^test_y 1$/m);
    expect(text).not.toContain("test_z");
    expect(text).not.toMatch(/^test_x_total\{/m);
  });
});
