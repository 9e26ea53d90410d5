import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "./client";
import { merchants, paymentRequests, requestEvents } from "./schema";
import { DATABASE_KINDS } from "./testing/databases";
import { setUpTestDatabase } from "../testing/database-fixture";

/**
 * Migration 0011 on the data earlier versions left: rows that share a provider id (an unknown
 * submit settled onto another request), paid Pay-Ins with a paid amount of 0, no paid_at. The
 * database is taken back to before 0011, filled, and the migration's own file run on it.
 */
const statements = fs
  .readFileSync(path.join(MIGRATIONS_DIR, "0011_payment-integrity.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter(Boolean);

describe.each(DATABASE_KINDS)("migration 0011 on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  beforeAll(async () => {
    if (skip) return;
    const { db } = setup.database;
    // Back to the schema before 0011 (and 0027's trigger, which reads paid_at, with it).
    await db.execute(sql`drop trigger payment_requests_rollup on payment_requests`);
    await db.execute(sql`drop index payment_requests_provider_id_key`);
    await db.execute(sql`create index payment_requests_provider_id_idx on payment_requests (provider_id)`);
    await db.execute(sql`alter table payment_requests drop column submitted_at, drop column paid_at`);
    await db
      .insert(merchants)
      .values({ id: "mer_m", displayName: "Shop", orgId: "demo", merchantId: "m-1", submitKeyEncrypted: "v1:x", submitKeyLast4: "abcd" });
    const legacy = (id: string, values: Record<string, unknown>) =>
      db.execute(sql`insert into payment_requests (id, merchant_id, kind, ref_id1, requested_amount, generated_amount, paid_amount, status, idempotency_key, input, provider_id, created_at)
        values (${id}, 'mer_m', ${values.kind ?? "payin"}, ${id}, ${values.requested ?? "450.00"}, ${values.generated ?? null}, ${values.paid ?? "0"}, ${values.status ?? "pending"}, ${id}, '{}'::jsonb, ${values.providerId ?? null}, ${values.createdAt ?? "2026-11-01T10:00:00Z"})`);
    await legacy("req_first", { providerId: "p-shared", status: "paid", generated: "450.37", createdAt: "2026-11-01T10:00:00Z" });
    await legacy("req_second", { providerId: "p-shared", status: "pending", createdAt: "2026-11-01T10:05:00Z" });
    await legacy("req_requested", { status: "approved", providerId: "p-2" });
    await legacy("req_payout", { kind: "payout", status: "approved", requested: "1000.00", paid: "1000.00", providerId: "p-3" });
    await legacy("req_open", { status: "pending", generated: "450.11", providerId: "p-4" });
    await db.execute(sql`insert into request_events (request_id, at, type, actor, data) values
      ('req_first', '2026-11-01T10:20:00Z', 'provider_status', 'webhook', '{"outcome": {"from": "pending", "to": "paid"}}'::jsonb)`);
    for (const statement of statements) await db.execute(sql.raw(statement));
  });

  const row = async (id: string) => (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;

  it.skipIf(skip)("leaves a shared provider id with the first row and the others to a person, with a timeline entry", async () => {
    expect(await row("req_first")).toMatchObject({ providerId: "p-shared", status: "paid" });
    expect(await row("req_second")).toMatchObject({
      providerId: null,
      status: "needs_review",
      statusCode: "PROVIDER_ID_SHARED",
      nextCheckAt: null,
    });
    const entries = await setup.db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, "req_second"))
      .orderBy(asc(requestEvents.id));
    expect(entries.map((e) => e.data)).toEqual([
      { code: "PROVIDER_ID_SHARED", providerId: "p-shared", outcome: { from: "pending", to: "needs_review" } },
    ]);
  });

  it.skipIf(skip)("then refuses a second row for one provider request", async () => {
    await expect(
      setup.db.update(paymentRequests).set({ providerId: "p-shared" }).where(eq(paymentRequests.id, "req_open")),
    ).rejects.toThrow();
    // Rows without one are many, as before.
    expect((await row("req_second")).providerId).toBeNull();
  });

  it.skipIf(skip)("gives paid Pay-Ins what their customer paid, and paid_at where the timeline knows it", async () => {
    expect(await row("req_first")).toMatchObject({ paidAmount: "450.37", paidAt: new Date("2026-11-01T10:20:00Z") });
    expect(await row("req_requested")).toMatchObject({ paidAmount: "450.00", paidAt: null });
    expect(await row("req_payout")).toMatchObject({ paidAmount: "1000.00" });
    expect(await row("req_open")).toMatchObject({ paidAmount: "0.00", paidAt: null });
  });

  it.skipIf(skip)("records when each sent request was first sent", async () => {
    expect((await row("req_open")).submittedAt).toEqual(new Date("2026-11-01T10:00:00Z"));
  });
});
