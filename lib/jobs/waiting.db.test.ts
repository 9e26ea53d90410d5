/**
 * What waits in each queue (lib/jobs/waiting.ts), on PGlite and Postgres: due, held, later and
 * retrying mean the same in every queue, as lib/jobs/lease.ts says.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { insertStaff } from "../auth/testing/staff";
import { paymentRequests, staffNotifications, walletStatements } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { dueDay } from "../wallet/statement-worker";
import { whatWaits } from "./waiting";
import { setUpTestDatabase } from "../testing/database-fixture";

const vault = createKeyVault([randomBytes(32)]);
const inMs = (ms: number) => new Date(Date.now() + ms);

describe.each(DATABASE_KINDS)("what waits, on %s", (kind) => {
  const setup = setUpTestDatabase(kind);
  const { skip } = setup;
  let merchant: string;
  beforeAll(async () => {
    if (skip) return;
    merchant = (
      await createMerchant(setup.db, vault, {
        displayName: "Shop",
        orgId: "org-w",
        merchantId: randomUUID(),
        submitKey: "submit-key-w-0000000000",
      })
    ).id;
  });

  const request = (nextCheckAt: Date | null, leaseUntil: Date | null = null) =>
    setup.db
      .insert(paymentRequests)
      .values({
        id: `req_${randomBytes(10).toString("hex")}`,
        merchantId: merchant,
        kind: "payin",
        refId1: `W-${randomBytes(5).toString("hex")}`,
        requestedAmount: "100.00",
        status: "pending",
        input: {},
        idempotencyKey: randomUUID(),
        nextCheckAt,
        leaseUntil,
      })
      .returning({ id: paymentRequests.id });

  it.skipIf(skip)("counts each queue's due, held, later and retrying items, and how long the oldest has been due", async () => {
    expect((await whatWaits(setup.db)).every((q) => q.due + q.held + q.later + q.retrying === 0)).toBe(true);

    await request(inMs(-90_000)); // due for 90 s
    await request(inMs(-5_000));
    await request(inMs(-60_000), inMs(30_000)); // due, but a pass holds it
    await request(inMs(-60_000), inMs(-1_000)); // its holder's lease lapsed (a crash): due again
    await request(inMs(60_000)); // checked again in a minute
    await request(null); // nothing to ask the provider

    const requestId = (await request(null))[0]!.id;
    const staff = await insertStaff(setup.db, { role: "admin" });
    const note = (
      kind: "approval.waiting" | "request.needs_review" | "payout.failed",
      values: Partial<typeof staffNotifications.$inferInsert>,
    ) => setup.db.insert(staffNotifications).values({ kind, staffId: staff.id, requestId, ...values });
    await note("approval.waiting", { attempts: 2, nextAttemptAt: inMs(120_000), lastError: "421 try later" }); // backing off
    await note("request.needs_review", { attempts: 1, leaseUntil: inMs(60_000) }); // being sent
    await note("payout.failed", { outcome: "sent", attempts: 1 }); // done: not waiting

    const day = dueDay(new Date());
    await setup.db.insert(walletStatements).values({ merchantId: merchant, day, status: "failed", computedAt: inMs(-60_000) });

    const figures = Object.fromEntries((await whatWaits(setup.db)).map((q) => [q.queue, q]));
    expect(figures.reconcile).toMatchObject({ due: 3, held: 1, later: 1, retrying: 0 });
    expect(figures.reconcile!.oldestDueSeconds).toBeGreaterThanOrEqual(89);
    expect(figures.reconcile!.oldestDueSeconds).toBeLessThan(120);
    expect(figures.notify).toMatchObject({ due: 0, held: 1, later: 1, retrying: 1, oldestDueSeconds: 0 });
    // A failed statement is tried again ten minutes after it failed.
    expect(figures.statement).toMatchObject({ due: 0, held: 0, later: 1, retrying: 1 });
    expect(figures.outbound).toMatchObject({ due: 0, held: 0, later: 0 });
    expect(figures.bulk).toMatchObject({ due: 0, held: 0, later: 0 });
  });
});
