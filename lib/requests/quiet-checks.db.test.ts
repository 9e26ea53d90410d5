import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { paymentRequests, requestEvents } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import { applyToRequest } from "./apply";
import { createRequest, type RequestRow } from "./create";
import { reconcileRequest } from "./reconcile";
import { payInRequest } from "./contract";
import { setUpSandboxWithCoffee } from "../testing/sandbox-fixture";

describe.each(DATABASE_KINDS)("reconciliation checks that change nothing, on %s", (kind) => {
  const setup = setUpSandboxWithCoffee(kind, "spec", { backoffMs: 10 });
  const { skip } = setup;

  const row = async (id: string): Promise<RequestRow> =>
    (await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  const timeline = async (id: string) => setup.db.select().from(requestEvents).where(eq(requestEvents.requestId, id));
  const createPending = async () => {
    const payload = {
      kind: "payin" as const,
      payIn: payInRequest({ refId1: ref("Q"), payerName: "P", amountSatang: 45_000, qrProvider: "PP" as const }),
    };
    const result = await createRequest(setup.db, setup.api, payload, {
      merchantRowId: setup.merchantRowId,
      idempotencyKey: randomUUID(),
      createdBy: null,
    });
    if (result.outcome !== "sent" || result.request.status !== "pending") throw new Error(`not pending: ${result.outcome}`);
    return result.request;
  };
  const reconcile = async (id: string) =>
    reconcileRequest(setup.db, setup.api, await row(id), { providerMerchantId: setup.sb.coffee.merchantId });

  it.skipIf(skip)(
    "adds no timeline entry for passes that find a pending request still pending, and moves its last check time",
    async () => {
      const created = await createPending();
      const entriesBefore = (await timeline(created.id)).length;
      expect(created.lastCheckedAt).toBeNull();
      const checkedAt: number[] = [];
      for (let pass = 0; pass < 3; pass++) {
        expect(await reconcile(created.id)).toMatchObject({ state: "pending", changed: false });
        const after = await row(created.id);
        expect(after.lastCheckedAt).toBeInstanceOf(Date);
        checkedAt.push(after.lastCheckedAt!.getTime());
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(checkedAt[1]!).toBeGreaterThan(checkedAt[0]!);
      expect(checkedAt[2]!).toBeGreaterThan(checkedAt[1]!);
      expect(await timeline(created.id)).toHaveLength(entriesBefore);
    },
  );

  it.skipIf(skip)("still records a change the check finds", async () => {
    const created = await createPending();
    const entriesBefore = (await timeline(created.id)).length;
    await setup.sb.control("POST", `/requests/${created.providerId}/pay`, {});
    expect(await reconcile(created.id)).toMatchObject({ state: "paid", changed: true });
    const entries = await timeline(created.id);
    expect(entries).toHaveLength(entriesBefore + 1);
    expect(entries.at(-1)!.data).toMatchObject({ outcome: { from: "pending", to: "paid" } });
  });

  it.skipIf(skip)("still records a webhook that only repeats the state, marked ignored", async () => {
    const created = await createPending();
    const entriesBefore = (await timeline(created.id)).length;
    const applied = await applyToRequest(
      setup.db,
      created.id,
      { type: "provider_status", status: "Pending", statusCode: null, reason: null },
      { actor: "webhook" },
    );
    expect(applied).toMatchObject({ applied: false, state: "pending" });
    const entries = await timeline(created.id);
    expect(entries).toHaveLength(entriesBefore + 1);
    expect(entries.at(-1)!.data).toMatchObject({ outcome: { ignored: { note: "already_pending" } } });
  });
});
