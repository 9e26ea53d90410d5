import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ref, startTestSandbox, type TestSandbox } from "../../sandbox/testing/harness";
import { insertStaff } from "../auth/testing/staff";
import { paymentRequests, requestEvents } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { createKeyVault } from "../merchants/key-vault";
import { createMerchant } from "../merchants/manage";
import { createPaymentApi, type MerchantApi } from "../provider/client";
import { approveRequest, declineRequest, listHeldRequests } from "./approve";
import { createRequest } from "./create";
import { payOutRequest } from "./contract";
import { scaled } from "@/lib/testing/vitest-project";

describe.each(DATABASE_KINDS)("the approvals queue (maker-checker) on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  let sb: TestSandbox;
  let api: MerchantApi;
  let merchantRowId: string;
  let otherMerchantRowId: string;
  let maker: string;
  let checker: string;
  const apiFor = async () => api;

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(kind);
    sb = await startTestSandbox("spec");
    const vault = createKeyVault([randomBytes(32)]);
    const coffee = {
      displayName: "Coffee",
      orgId: sb.coffee.orgId,
      merchantId: sb.coffee.merchantId,
      submitKey: sb.coffee.submitKey,
      readKey: sb.coffee.readKey,
      payoutApprovalThresholdSatang: 5_000_000,
    };
    merchantRowId = (await createMerchant(database.db, vault, coffee)).id;
    otherMerchantRowId = (
      await createMerchant(database.db, vault, {
        ...coffee,
        displayName: "Gadgets",
        merchantId: sb.gadgets.merchantId,
        submitKey: sb.gadgets.submitKey,
        readKey: sb.gadgets.readKey,
      })
    ).id;
    maker = (await insertStaff(database.db, { role: "finance" })).id;
    checker = (await insertStaff(database.db, { role: "admin" })).id;
    api = createPaymentApi({ baseUrl: sb.url, timeoutMs: scaled(10_000), limiter: null }).forMerchant({ ...sb.coffee, label: "Coffee" });
  });
  afterAll(async () => {
    await sb?.dispose();
    await database?.dispose();
  });

  /** A Pay-Out of 60,000.00 held for approval, asked for by the maker. */
  async function held(by = maker) {
    const refId1 = ref("AP");
    const result = await createRequest(
      database.db,
      api,
      {
        kind: "payout",
        payOut: payOutRequest({
          refId1,
          amountSatang: 6_000_000,
          destination: { type: "bank", bankCode: "KBANK", accountNo: "0123456789", accountName: "Somchai Jaidee" },
        }),
      },
      { merchantRowId, idempotencyKey: randomUUID(), createdBy: by, holdForApproval: true },
    );
    if (result.outcome !== "held") throw new Error(`expected held, got ${result.outcome}`);
    return { id: result.request.id, refId1 };
  }
  const atProvider = async (refId1: string) => (await sb.control<unknown[]>("GET", `/requests?refId1=${refId1}`)).body.length;
  const statusOf = async (id: string) =>
    (
      await database.db
        .select({ status: paymentRequests.status, reason: paymentRequests.statusReason })
        .from(paymentRequests)
        .where(eq(paymentRequests.id, id))
    )[0];

  it.skipIf(skip)("lists held requests of the merchants in scope, with who asked and where the money goes", async () => {
    const request = await held();
    const all = await listHeldRequests(database.db, { merchantIds: null });
    expect(all.find((r) => r.id === request.id)).toMatchObject({
      merchantName: "Coffee",
      kind: "payout",
      amountSatang: 6_000_000,
      destination: { type: "bank", accountNo: "0123456789" },
      createdBy: { id: maker, name: "Test finance" },
    });
    expect(await listHeldRequests(database.db, { merchantIds: [otherMerchantRowId] })).toEqual([]);
    expect(await listHeldRequests(database.db, { merchantIds: [] })).toEqual([]);
  });

  it.skipIf(skip)("refuses the requester's own approval and sends nothing", async () => {
    const request = await held();
    expect(await approveRequest(database.db, apiFor, { requestId: request.id, merchantRowId, actorId: maker })).toEqual({
      ok: false,
      reason: "own_request",
    });
    expect((await statusOf(request.id))?.status).toBe("awaiting_approval");
    expect(await atProvider(request.refId1)).toBe(0);
  });

  it.skipIf(skip)("sends the request when a second person approves, once, with the approval on the timeline", async () => {
    const request = await held();
    expect(await approveRequest(database.db, apiFor, { requestId: request.id, merchantRowId, actorId: checker })).toMatchObject({
      ok: true,
      state: "pending",
    });
    expect(await atProvider(request.refId1)).toBe(1);
    const events = await database.db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, request.id))
      .orderBy(asc(requestEvents.id));
    expect(events.map((e) => [e.type, e.actor])).toEqual([
      ["created", maker],
      ["approval_granted", checker],
      ["submit_accepted", "provider"],
    ]);
    expect(await approveRequest(database.db, apiFor, { requestId: request.id, merchantRowId, actorId: checker })).toEqual({
      ok: false,
      reason: "already_decided",
      state: "pending",
    });
    expect(await atProvider(request.refId1)).toBe(1);
  });

  it.skipIf(skip)("two people approving at the same moment send it once", async () => {
    const request = await held();
    const other = (await insertStaff(database.db, { role: "finance" })).id;
    const results = await Promise.all([
      approveRequest(database.db, apiFor, { requestId: request.id, merchantRowId, actorId: checker }),
      approveRequest(database.db, apiFor, { requestId: request.id, merchantRowId, actorId: other }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "already_decided")).toHaveLength(1);
    expect(await atProvider(request.refId1)).toBe(1);
  });

  it.skipIf(skip)("a request of another merchant is not found, whoever asks", async () => {
    const request = await held();
    expect(
      await approveRequest(database.db, apiFor, { requestId: request.id, merchantRowId: otherMerchantRowId, actorId: checker }),
    ).toEqual({ ok: false, reason: "not_found" });
    expect(
      await declineRequest(database.db, { requestId: request.id, merchantRowId: otherMerchantRowId, actorId: checker, reason: "x" }),
    ).toEqual({ ok: false, reason: "not_found" });
    expect((await statusOf(request.id))?.status).toBe("awaiting_approval");
  });

  it.skipIf(skip)("declining cancels it with the reason, never sent; it cannot be approved afterwards", async () => {
    const request = await held();
    expect(
      await declineRequest(database.db, { requestId: request.id, merchantRowId, actorId: checker, reason: "Wrong account number" }),
    ).toMatchObject({ ok: true, state: "canceled" });
    expect(await statusOf(request.id)).toEqual({ status: "canceled", reason: "Wrong account number" });
    expect(await approveRequest(database.db, apiFor, { requestId: request.id, merchantRowId, actorId: checker })).toEqual({
      ok: false,
      reason: "already_decided",
      state: "canceled",
    });
    expect(await atProvider(request.refId1)).toBe(0);
  });

  it.skipIf(skip)("the requester may withdraw (decline) their own request", async () => {
    const request = await held();
    expect(
      await declineRequest(database.db, { requestId: request.id, merchantRowId, actorId: maker, reason: "Asked by mistake" }),
    ).toMatchObject({ ok: true, state: "canceled" });
  });

  it.skipIf(skip)("without a usable API key the approval is refused before anything changes", async () => {
    const request = await held();
    expect(await approveRequest(database.db, async () => undefined, { requestId: request.id, merchantRowId, actorId: checker })).toEqual({
      ok: false,
      reason: "no_api",
    });
    expect((await statusOf(request.id))?.status).toBe("awaiting_approval");
  });
});
