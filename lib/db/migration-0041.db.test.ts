import fs from "node:fs";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventSequence } from "../outbound-webhooks/events";
import { MIGRATIONS_DIR } from "./client";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { outboundEvents, paymentRequests } from "./schema";
import { DATABASE_KINDS } from "./testing/databases";
import { setUpTestDatabase } from "../testing/database-fixture";

/**
 * Migration 0041 on the outbox earlier versions left: events written before requests had a
 * sequence get one, in the order they were written per request, and each request goes on from its
 * last — so the first event after the upgrade is newer than every event a receiver may still be sent.
 */
const statements = fs
  .readFileSync(path.join(MIGRATIONS_DIR, "0041_event-sequence.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter(Boolean);
// The two that number the outbox (the column itself is there already: the test database is migrated).
const numbering = statements.filter((s) => /event_seq/.test(s) && !/ADD COLUMN/.test(s));

describe.each(DATABASE_KINDS)("migration 0041 on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;

  it.skipIf(skip)("numbers the events already written, per request in order, and each request goes on from its last", async () => {
    expect(numbering).toHaveLength(2);
    const merchant = await createMerchant(setup.db, createKeyVault([randomBytes(32)]), {
      displayName: "M",
      orgId: "org-m",
      merchantId: "b0c8a7a4-0000-4000-8000-000000000041",
      submitKey: "submit-key-000000000000",
    });
    const request = async (id: string) => {
      await setup.db.insert(paymentRequests).values({
        id,
        merchantId: merchant.id,
        kind: "payout",
        refId1: id.slice(-8),
        requestedAmount: "100.00",
        status: "approved",
        input: {},
        idempotencyKey: randomUUID(),
      });
      return id;
    };
    const [a, b, quiet] = [await request("req_m41_a"), await request("req_m41_b"), await request("req_m41_quiet")];
    // As an earlier version wrote them: the row without event_seq, written one after another.
    const old = (id: string, requestId: string | null, type: string, second: number) =>
      setup.db.insert(outboundEvents).values({
        id,
        merchantId: merchant.id,
        requestId,
        type,
        requestRow: { id: requestId, status: "pending" },
        createdAt: new Date(Date.UTC(2026, 10, 20, 10, 0, second)),
      });
    await old("evt_a3", a, "payout.paid", 30);
    await old("evt_a1", a, "payout.partially_paid", 10);
    await old("evt_b1", b, "payout.paid", 15);
    await old("evt_a2", a, "payout.partially_paid", 20);
    await old("evt_test", null, "endpoint.test", 25);
    await setup.db.update(paymentRequests).set({ eventSeq: 0 });

    for (const statement of numbering) await setup.db.execute(sql.raw(statement));

    const events = await setup.db.select().from(outboundEvents).orderBy(asc(outboundEvents.createdAt));
    expect(events.map((e) => [e.id, eventSequence(e.requestRow as Record<string, unknown>)])).toEqual([
      ["evt_a1", 1],
      ["evt_b1", 1],
      ["evt_a2", 2],
      ["evt_test", null],
      ["evt_a3", 3],
    ]);
    // The rest of the row is kept as it was.
    expect(events[0]!.requestRow).toEqual({ id: a, status: "pending", event_seq: 1 });
    const seqOf = async (id: string) =>
      (await setup.db.select({ s: paymentRequests.eventSeq }).from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!.s;
    expect([await seqOf(a), await seqOf(b), await seqOf(quiet)]).toEqual([3, 1, 0]);
  });
});
