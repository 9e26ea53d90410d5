import { eq } from "drizzle-orm";
import { anyId, slipVerify } from "promptparse/generate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentRequests, requestEvents, slips, staffUsers } from "../db/schema";
import { createTestDatabase, DATABASE_KINDS, postgresSkipReason, type TestDatabase } from "../db/testing/databases";
import { decideSlip, ensureSlipQr, slipsWithSameReference } from "./decide";
import { getSlipInScope, listSlips } from "./queries";
import { slipStanding } from "./standing";
import { storeSlip } from "./store";
import { insertMerchantWithRequest, slipJpegWithQr, slipPictures } from "./testing/rows";

describe.each(DATABASE_KINDS)("slip QR and decisions on %s", (kind) => {
  const skip = kind === "postgres" ? postgresSkipReason() : null;
  let database: TestDatabase;
  beforeAll(async () => {
    if (!skip) {
      database = await createTestDatabase(kind);
      await database.db
        .insert(staffUsers)
        .values({ id: "usr_op", email: "op@shop.test", name: "Somchai", role: "operator", passwordHash: "x" });
    }
  });
  afterAll(async () => database?.dispose());

  async function slipOf(shop: { merchantId: string; requestId: string }, jpeg: Uint8Array, halves?: [string, string]) {
    const { thumbnail } = await slipPictures(100);
    return storeSlip(database.db, {
      ...shop,
      first4: halves?.[0] ?? null,
      last4: halves?.[1] ?? null,
      note: null,
      jpeg,
      thumbnail,
    });
  }

  it.skipIf(skip)(
    "reads the slip's QR once: the sending bank and the whole transaction reference; a payment QR's amount; nothing",
    async () => {
      const shop = await insertMerchantWithRequest(database.db, "Coffee");
      const reference = "016331141509BPM05111";
      const bankSlip = await slipOf(shop, await slipJpegWithQr(slipVerify({ sendingBank: "004", transRef: reference })), ["0163", "5111"]);
      const paymentQr = await slipOf(shop, await slipJpegWithQr(anyId({ type: "MSISDN", target: "0812345678", amount: 325.37 })));
      const plain = await slipOf(shop, (await slipPictures(240)).jpeg);

      for (const id of [bankSlip, paymentQr, plain]) await ensureSlipQr(database.db, id);
      const all = { merchantIds: null };
      expect(await getSlipInScope(database.db, all, bankSlip)).toMatchObject({
        qrKind: "slip",
        qrBank: "004",
        qrReference: reference,
        qrAmount: null,
      });
      expect(await getSlipInScope(database.db, all, paymentQr)).toMatchObject({
        qrKind: "payment_qr",
        qrAmount: "325.37",
        qrReference: null,
      });
      const none = await getSlipInScope(database.db, all, plain);
      expect(none).toMatchObject({ qrKind: "none", qrReference: null });
      expect(none!.qrReadAt).toBeInstanceOf(Date);

      // Read once: a second call leaves what the first found.
      await database.db.update(slips).set({ qrReference: "KEPT" }).where(eq(slips.id, bankSlip));
      await ensureSlipQr(database.db, bankSlip);
      expect((await getSlipInScope(database.db, all, bankSlip))!.qrReference).toBe("KEPT");
    },
  );

  it.skipIf(skip)("records a decision with its note, on the timeline, without touching the request's state", async () => {
    const shop = await insertMerchantWithRequest(database.db, "Tea");
    const other = await insertMerchantWithRequest(database.db, "Noodles");
    const id = await slipOf(shop, (await slipPictures(30)).jpeg);
    const scope = { merchantIds: [shop.merchantId] };
    const input = { slipId: id, actorId: "usr_op" };

    // "Does not match" needs a why; another merchant's staff do not find it.
    expect(await decideSlip(database.db, scope, { ...input, decision: "does_not_match", note: "   " })).toEqual({
      ok: false,
      problem: "note_needed",
    });
    expect(await decideSlip(database.db, { merchantIds: [other.merchantId] }, { ...input, decision: "matches", note: "" })).toEqual({
      ok: false,
      problem: "not_found",
    });
    expect((await getSlipInScope(database.db, scope, id))!.decision).toBeNull();

    expect(await decideSlip(database.db, scope, { ...input, decision: "matches", note: "" })).toMatchObject({
      ok: true,
      previous: null,
      unchanged: false,
    });
    const decided = await getSlipInScope(database.db, scope, id);
    expect(decided).toMatchObject({ decision: "matches", decisionNote: null, decidedByName: "Somchai" });
    expect(decided!.request.status).toBe("pending");

    // The same again writes nothing; a change keeps what it was.
    expect(await decideSlip(database.db, scope, { ...input, decision: "matches", note: "" })).toMatchObject({ ok: true, unchanged: true });
    expect(
      await decideSlip(database.db, scope, { ...input, decision: "does_not_match", note: "ยอดในสลิป 352.37 ไม่ใช่ 325.37" }),
    ).toMatchObject({ ok: true, previous: "matches", unchanged: false });
    const events = await database.db
      .select({ type: requestEvents.type, actor: requestEvents.actor, data: requestEvents.data })
      .from(requestEvents)
      .where(eq(requestEvents.requestId, shop.requestId));
    expect(events.filter((e) => e.type === "slip_decided")).toEqual([
      { type: "slip_decided", actor: "usr_op", data: { slipId: id, decision: "matches" } },
      {
        type: "slip_decided",
        actor: "usr_op",
        data: { slipId: id, decision: "does_not_match", note: "ยอดในสลิป 352.37 ไม่ใช่ 325.37", previous: "matches" },
      },
    ]);
    const [request] = await database.db
      .select({ status: paymentRequests.status })
      .from(paymentRequests)
      .where(eq(paymentRequests.id, shop.requestId));
    expect(request!.status).toBe("pending");
  });

  it.skipIf(skip)("the database refuses a decision without its parts", async () => {
    const shop = await insertMerchantWithRequest(database.db, "Rice");
    const id = await slipOf(shop, (await slipPictures(60)).jpeg);
    await expect(
      database.db.update(slips).set({ decision: "does_not_match", decidedAt: new Date() }).where(eq(slips.id, id)),
    ).rejects.toThrow();
    await expect(database.db.update(slips).set({ decision: "maybe", decidedAt: new Date() }).where(eq(slips.id, id))).rejects.toThrow();
    await expect(database.db.update(slips).set({ decision: "matches" }).where(eq(slips.id, id))).rejects.toThrow();
  });

  it.skipIf(skip)("lists slips by where they stand; finds the same transfer shown on another slip", async () => {
    const shop = await insertMerchantWithRequest(database.db, "Market");
    const late = await insertMerchantWithRequest(database.db, "Market late");
    await database.db.update(paymentRequests).set({ status: "expired" }).where(eq(paymentRequests.id, late.requestId));
    const payload = slipVerify({ sendingBank: "014", transRef: "2026112800SCB0042" });
    const open = await slipOf(shop, await slipJpegWithQr(payload));
    const again = await slipOf({ ...late, merchantId: late.merchantId }, await slipJpegWithQr(payload));
    const wrong = await slipOf(shop, (await slipPictures(90)).jpeg);
    await ensureSlipQr(database.db, open);
    await ensureSlipQr(database.db, again);
    await decideSlip(
      database.db,
      { merchantIds: null },
      { slipId: wrong, decision: "does_not_match", note: "someone else's slip", actorId: "usr_op" },
    );

    const scope = { merchantIds: [shop.merchantId, late.merchantId] };
    const ids = async (view: "all" | "to_check" | "matches" | "does_not_match" | "unmatched") =>
      (await listSlips(database.db, scope, { merchant: "all", cursor: null, view })).rows.map((r) => r.id).sort();
    expect(await ids("all")).toEqual([open, again, wrong].sort());
    expect(await ids("to_check")).toEqual([open, again].sort());
    expect(await ids("does_not_match")).toEqual([wrong]);
    expect(await ids("matches")).toEqual([]);
    // Matches no open request: said not to match, or its request ended unpaid.
    expect(await ids("unmatched")).toEqual([again, wrong].sort());
    const rows = (await listSlips(database.db, scope, { merchant: "all", cursor: null })).rows;
    expect(Object.fromEntries(rows.map((r) => [r.id, slipStanding(r)]))).toEqual({
      [open]: "to_check",
      [again]: "request_ended",
      [wrong]: "does_not_match",
    });

    expect((await slipsWithSameReference(database.db, scope, open, "2026112800SCB0042")).map((s) => s.id)).toEqual([again]);
    // Another merchant's staff do not learn of it.
    expect(await slipsWithSameReference(database.db, { merchantIds: [shop.merchantId] }, open, "2026112800SCB0042")).toEqual([]);
  });
});
