import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboundEvents } from "../db/schema";
import { freePort } from "../db/testing/postgres-server";
import { createTestDatabase, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { applyToRequest } from "../requests/apply";
import { deliverDue } from "./deliver";
import { createEndpoint } from "./endpoints";
import { listDeliveries, resendDelivery } from "./log";
import { paidPayIn, pendingRequest } from "./testing/paid-pay-in";
import { testMerchant } from "../merchants/testing/test-merchant";

/**
 * The README's receiver (examples/webhook-receiver.mjs) against PayDesk's real deliveries: it
 * verifies an event with the `standardwebhooks` package, refuses a forged one, handles an event
 * resent under the same webhook-id once, and ignores an event older (by its `sequence`) than one it
 * already applied for the same request.
 */
describe("examples/webhook-receiver.mjs", () => {
  const vault = createKeyVault([randomBytes(32)]);
  let database: TestDatabase;
  let child: ChildProcess;
  let output = "";
  let url: string;
  let merchantId: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    merchantId = await testMerchant(database.db, { merchantId: "b0c8a7a4-0000-4000-8000-000000000061", vault: vault });
    const port = await freePort();
    url = `http://127.0.0.1:${port}/paydesk/webhooks`;
    const { secret } = await createEndpoint(database.db, vault, {
      merchantRowId: merchantId,
      url,
      description: null,
      eventTypes: ["payin.paid", "payout.partially_paid", "payout.paid"],
      createdBy: null,
    });
    child = spawn(process.execPath, [path.join(process.cwd(), "examples", "webhook-receiver.mjs")], {
      env: { ...process.env, PAYDESK_WEBHOOK_SECRET: secret, RECEIVER_PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const deadline = Date.now() + 10_000;
    while (!output.includes("receiving PayDesk's webhooks")) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the example receiver did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    child?.kill();
    await database?.dispose();
  });

  it("verifies PayDesk's event, refuses a forged one, and handles a resent one once", async () => {
    const id = await paidPayIn(database.db, merchantId, { refId1: "EXAMPLE1", amount: "80.00" });
    const options = { db: database.db, vault, publicBaseUrl: "https://pay.example.com", allowPrivate: true, isSandbox: true };
    expect(await deliverDue(options)).toBe(1);
    await expect.poll(() => output).toContain(`verified payin.paid ${id} paid`);
    const [delivery] = (await listDeliveries(database.db, { merchantIds: [merchantId] })).entries;
    expect(delivery!.status).toBe("delivered");

    const forged = await fetch(url, {
      method: "POST",
      headers: { "webhook-id": "evt_forged", "webhook-timestamp": String(Math.floor(Date.now() / 1000)), "webhook-signature": "v1,AAAA" },
      body: JSON.stringify({ type: "payin.paid", data: { id, status: "paid" } }),
    });
    expect(forged.status).toBe(400);
    await expect.poll(() => output).toContain("refused: the signature does not verify");

    expect(await resendDelivery(database.db, { merchantIds: [merchantId], deliveryId: delivery!.id })).toBe("queued");
    expect(await deliverDue(options)).toBe(1);
    expect((await listDeliveries(database.db, { merchantIds: [merchantId] })).entries[0]!.attemptLog.map((a) => a.status)).toEqual([
      204, 204,
    ]);
    expect(output.split(`verified payin.paid ${id}`).length - 1).toBe(1);
  });

  it("keeps the highest sequence per request: a late retry of a partial payment after the final one changes nothing", async () => {
    const id = await pendingRequest(database.db, merchantId, { kind: "payout", refId1: "EXAMPLE2", amount: "500.00" });
    await applyToRequest(
      database.db,
      id,
      { type: "payout_success", txSatang: 20_000, isPartial: true, paidInclusiveSatang: null, providerStatus: null },
      { actor: "webhook" },
    );
    await applyToRequest(
      database.db,
      id,
      { type: "provider_status", status: "Paid", statusCode: null, reason: null },
      { actor: "webhook" },
    );
    const events = await database.db.select().from(outboundEvents).where(eq(outboundEvents.requestId, id));
    const partial = events.find((e) => e.type === "payout.partially_paid")!;
    expect(events.map((e) => e.type).sort()).toEqual(["payout.paid", "payout.partially_paid"]);
    // The partial payment's first attempt failed somewhere on the way: its retry is due only after the final event went out.
    const hold = (at: string) =>
      database.db.execute(sql`update outbound_deliveries set next_attempt_at = ${at}::timestamptz where event_id = ${partial.id}`);
    await hold(new Date(Date.now() + 3_600_000).toISOString());
    const options = { db: database.db, vault, publicBaseUrl: "https://pay.example.com", allowPrivate: true, isSandbox: true };
    expect(await deliverDue(options)).toBe(1);
    await expect.poll(() => output).toContain(`verified payout.paid ${id} paid 2`);
    await hold(new Date(Date.now() - 1_000).toISOString());
    expect(await deliverDue(options)).toBe(1);
    await expect.poll(() => output).toContain(`ignored older payout.partially_paid ${id} 1 (have 2)`);
    expect(output).not.toContain(`verified payout.partially_paid ${id}`);
  });
});
