/**
 * A bulk Pay-Out file from upload to requests, against the sandbox over HTTP, on PGlite and
 * Postgres: recorded as a draft with its problems, confirmed once, and each line made into exactly
 * one request even with two loops at it or a loop that died between making a line and marking it.
 */
import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ref } from "../../sandbox/testing/harness";
import { insertStaff } from "../auth/testing/staff";
import { merchants, paymentRequests, payoutBatchRows } from "../db/schema";
import { DATABASE_KINDS } from "../db/testing/databases";
import type { MerchantApi } from "../provider/client";
import { payInRequest } from "../requests/contract";
import { createForMerchant, createRequest } from "../requests/create";
import { reconcileRequest } from "../requests/reconcile";
import { refundStanding } from "../refunds/refunds";
import { rulesOf } from "../requests/form-context";
import { cancelBatch, confirmBatch, getBatch, listBatches, recordBatch } from "./batches";
import { findDuplicates } from "./duplicates";
import { parseBulkFile } from "./csv";
import { idempotencyKeyOf, runBulkPass } from "./worker";
import { whatWaits } from "../jobs/waiting";
import { setUpSandboxWithCoffee } from "../testing/sandbox-fixture";

describe.each(DATABASE_KINDS)("bulk Pay-Outs on %s", (kind) => {
  const setup = setUpSandboxWithCoffee(kind, "spec");
  const { skip } = setup;
  let staffId: string;
  const all = { merchantIds: null };
  // A whole baht more each Pay-In: the sandbox matches "pay" by amount within the receiving account.
  let payIns = 0;

  beforeAll(async () => {
    if (skip) return;
    // Above ฿1,000 a Pay-Out waits for a second person.
    await setup.db.update(merchants).set({ payoutApprovalThreshold: "1000.00" }).where(eq(merchants.id, setup.merchantRowId));
    staffId = (await insertStaff(setup.db, { role: "finance" })).id;
  });

  /** The merchant's Pay-Out ceiling as it stands, as the upload action reads it. */
  const ceiling = async () => {
    const [merchant] = await setup.db.select().from(merchants).where(eq(merchants.id, setup.merchantRowId));
    return rulesOf(merchant!).payoutCeilingSatang;
  };
  const setCeiling = (baht: string) => setup.db.update(merchants).set({ payoutCeiling: baht }).where(eq(merchants.id, setup.merchantRowId));
  const upload = async (lines: string[]) => {
    const bytes = new TextEncoder().encode(["ref_id1,amount,bank_code,account_no,account_name,promptpay_id", ...lines].join("\n"));
    const parsed = parseBulkFile(bytes);
    if (!parsed.ok) throw new Error(parsed.problem.key);
    return recordBatch(setup.db, {
      merchantRowId: setup.merchantRowId,
      createdBy: staffId,
      fileName: "sellers.csv",
      bytes,
      encoding: parsed.encoding,
      lines: parsed.lines,
      payoutCeilingSatang: await ceiling(),
    });
  };
  const atProvider = async (refId1: string) => (await setup.sb.control<unknown[]>("GET", `/requests?refId1=${refId1}`)).body.length;
  const options = () => ({ db: setup.db, apiFor: async () => setup.api });

  it.skipIf(skip)(
    "makes each line of a confirmed file into one request, once, with two loops at it; above the threshold it waits for approval",
    async () => {
      const refs = [ref("B"), ref("B"), ref("B")];
      const id = await upload([
        `${refs[0]},150.25,KBANK,1234567890,Somchai,`,
        `${refs[1]},20,,,,0812345678`,
        `${refs[2]},"2,500.00",,,,0812345678`,
      ]);
      const draft = (await getBatch(setup.db, all, id))!;
      expect(draft.batch).toMatchObject({
        status: "draft",
        rowCount: 3,
        validCount: 3,
        totalSatang: 15_025 + 2_000 + 250_000,
        madeCount: 0,
      });
      // Nothing is sent for a draft.
      expect(await runBulkPass(options())).toBe(0);
      expect(await atProvider(refs[0]!)).toBe(0);

      expect(await Promise.all([confirmBatch(setup.db, all, id, staffId), confirmBatch(setup.db, all, id, staffId)])).toEqual(
        expect.arrayContaining(["confirmed", "already"]),
      );
      const taken = await Promise.all([runBulkPass(options()), runBulkPass(options())]);
      expect(taken[0]! + taken[1]!).toBe(3);

      const done = (await getBatch(setup.db, all, id))!;
      expect(done.batch).toMatchObject({ status: "done", madeCount: 3 });
      expect(done.lines.map((l) => [l.outcome, l.requestState])).toEqual([
        ["sent", "pending"],
        ["sent", "pending"],
        ["held", "awaiting_approval"],
      ]);
      for (const [i, refId1] of refs.entries()) {
        const rows = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.refId1, refId1));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ kind: "payout", createdBy: staffId, idempotencyKey: idempotencyKeyOf(id, i + 2) });
        expect(await atProvider(refId1)).toBe(i < 2 ? 1 : 0);
      }
      expect(await confirmBatch(setup.db, all, id, staffId)).toBe("already");
    },
  );

  it.skipIf(skip)(
    "a line over the merchant's Pay-Out ceiling is its line's problem at upload, and a line over a ceiling lowered since is refused when made",
    async () => {
      try {
        expect(await ceiling()).toBe(200_000_000);
        await setCeiling("1500.00");
        const over = ref("K");
        const within = ref("K");
        const checked = (await getBatch(setup.db, all, await upload([`${over},1500.01,,,,0812345678`, `${within},1500,,,,0812345678`])))!;
        expect(checked.batch).toMatchObject({ rowCount: 2, validCount: 1, totalSatang: 150_000 });
        expect(checked.lines.map((l) => l.problems)).toEqual([{ amount: ["amountAboveCeiling:150000"] }, {}]);

        // Checked within the ceiling, confirmed, then the ceiling lowered before the loop made it.
        const later = ref("K");
        const id = await upload([`${later},1200,,,,0812345678`]);
        expect(await confirmBatch(setup.db, all, id, staffId)).toBe("confirmed");
        await setCeiling("1000.00");
        // A pass takes whatever lines are waiting (an earlier test's too): pass until this one has its outcome.
        const lineOf = async () => (await getBatch(setup.db, all, id))!.lines[0]!;
        for (let pass = 0; pass < 20 && (await lineOf()).outcome === null; pass++) await runBulkPass(options());
        const line = await lineOf();
        expect(line).toMatchObject({ outcome: "refused", requestId: null, problems: { amount: ["amountAboveCeiling:100000"] } });
        expect(await atProvider(later)).toBe(0);
        expect(await atProvider(over)).toBe(0);
      } finally {
        await setCeiling("2000000.00");
      }
    },
  );

  it.skipIf(skip)(
    "a line whose attempt made nothing waits for its retry in the open (not held, seen as retrying) and is made once due",
    async () => {
      const refId1 = ref("R");
      const id = await upload([`${refId1},17.25,,,,0899990001`]);
      expect(await confirmBatch(setup.db, all, id, staffId)).toBe("confirmed");
      const line = async () => (await setup.db.select().from(payoutBatchRows).where(eq(payoutBatchRows.batchId, id)))[0]!;
      const failing = {
        db: setup.db,
        apiFor: async (): Promise<MerchantApi> => {
          throw new Error("the key vault is locked");
        },
      };
      for (let pass = 0; pass < 20 && (await line()).attempts === 0; pass++) await runBulkPass(failing);
      const waiting = await line();
      expect(waiting).toMatchObject({ outcome: null, attempts: 1, leaseUntil: null, lastError: "the key vault is locked" });
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      const bulk = (await whatWaits(setup.db)).find((q) => q.queue === "bulk")!;
      expect(bulk).toMatchObject({ held: 0, due: 0 });
      expect(bulk.later).toBeGreaterThanOrEqual(1);
      expect(bulk.retrying).toBeGreaterThanOrEqual(1);
      // Not taken again before it is due, then made once it is.
      await runBulkPass(options());
      expect((await line()).attempts).toBe(1);
      await setup.db
        .update(payoutBatchRows)
        .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(eq(payoutBatchRows.batchId, id));
      for (let pass = 0; pass < 20 && (await line()).outcome === null; pass++) await runBulkPass(options());
      expect(await line()).toMatchObject({ outcome: "sent", attempts: 2, leaseUntil: null, lastError: null });
      expect(await atProvider(refId1)).toBe(1);
    },
  );

  it.skipIf(skip)("a line made by a loop that died before marking it is found again, not made twice", async () => {
    const refId1 = ref("C");
    const id = await upload([`${refId1},30,,,,0812345678`]);
    expect(await confirmBatch(setup.db, all, id, staffId)).toBe("confirmed");
    // The first loop made the request, then died: the line was never marked.
    const [merchant] = await setup.db.select().from(merchants).where(eq(merchants.id, setup.merchantRowId));
    const made = await createForMerchant(setup.db, async () => setup.api, {
      rules: rulesOf(merchant!),
      payload: { kind: "payout", payOut: parseOne(refId1) },
      idempotencyKey: idempotencyKeyOf(id, 2),
      createdBy: staffId,
    });
    expect(made.outcome).toBe("sent");
    expect(await runBulkPass(options())).toBe(1);
    const line = (await getBatch(setup.db, all, id))!.lines[0]!;
    expect(line).toMatchObject({ outcome: "existing", requestId: made.outcome === "sent" ? made.request.id : null });
    expect(await atProvider(refId1)).toBe(1);
  });

  it.skipIf(skip)(
    "a file with problems cannot be confirmed, a RefId1 the merchant already has is one of them, and a draft can be discarded",
    async () => {
      const used = ref("D");
      const first = await upload([`${used},10,,,,0812345678`]);
      await confirmBatch(setup.db, all, first, staffId);
      await runBulkPass(options());

      const id = await upload([`${used},10,,,,0812345678`, `${ref("D")},abc,,,,0812345678`, `${ref("D")},10,,,,0812345678`]);
      const batch = (await getBatch(setup.db, all, id))!;
      expect(batch.batch).toMatchObject({ rowCount: 3, validCount: 1 });
      expect(batch.lines.map((l) => l.problems)).toEqual([{ refId1: ["refId1Taken"] }, { amountSatang: ["amountFormat"] }, {}]);
      expect(await confirmBatch(setup.db, all, id, staffId)).toBe("has_problems");
      expect(await cancelBatch(setup.db, all, id)).toBe(true);
      expect(await confirmBatch(setup.db, all, id, staffId)).toBe("canceled");
      expect(await cancelBatch(setup.db, all, id)).toBe(false);
      expect(
        (
          await setup.db
            .select()
            .from(paymentRequests)
            .where(like(paymentRequests.idempotencyKey, `bulk:${id}:%`))
        ).length,
      ).toBe(0);
    },
  );

  it.skipIf(skip)("a pass told to stop (the instance is stopping) takes no further line; the rest wait for the next pass", async () => {
    const id = await upload([`${ref("S")},10.50,,,,0812345678`, `${ref("S")},11.50,,,,0812345678`, `${ref("S")},12.50,,,,0812345678`]);
    expect(await confirmBatch(setup.db, all, id, staffId)).toBe("confirmed");
    let asked = 0;
    expect(await runBulkPass(options(), 20, () => asked++ >= 1)).toBe(1);
    expect((await getBatch(setup.db, all, id))!.batch).toMatchObject({ status: "confirmed", madeCount: 1 });
    expect(await runBulkPass(options())).toBe(2);
    expect((await getBatch(setup.db, all, id))!.batch).toMatchObject({ status: "done", madeCount: 3 });
  });

  it.skipIf(skip)(
    "a line may refund a paid Pay-In, named by its id or RefId1, up to what is left counting the file's earlier lines",
    async () => {
      const paidPayIn = async () => {
        const created = await createRequest(
          setup.db,
          setup.api,
          {
            kind: "payin",
            payIn: payInRequest({ refId1: ref("P"), payerName: "สมชาย", amountSatang: 50_000 + 100 * payIns++, qrProvider: "PP" }),
          },
          { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: null },
        );
        if (created.outcome !== "sent") throw new Error(created.outcome);
        return created.request;
      };
      const payIn = await paidPayIn();
      await setup.sb.control("POST", `/requests/${payIn.providerId}/pay`, {});
      await reconcileRequest(setup.db, setup.api, payIn, { providerMerchantId: setup.sb.coffee.merchantId, graceMs: 0 });
      const [paidRow] = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.id, payIn.id));
      const paid = Math.round(Number(paidRow!.paidAmount) * 100);
      expect(paidRow!.status).toBe("paid");
      const unpaid = await paidPayIn();

      const uploadRefunds = async (lines: string[]) => {
        const bytes = new TextEncoder().encode(["ref_id1,amount,promptpay_id,refund_of", ...lines].join("\n"));
        const parsed = parseBulkFile(bytes);
        if (!parsed.ok) throw new Error(parsed.problem.key);
        return recordBatch(setup.db, {
          merchantRowId: setup.merchantRowId,
          createdBy: staffId,
          fileName: "refunds.csv",
          bytes,
          encoding: parsed.encoding,
          lines: parsed.lines,
          payoutCeilingSatang: await ceiling(),
        });
      };
      const baht = (satang: number) => (satang / 100).toFixed(2);
      const checked = (await getBatch(
        setup.db,
        all,
        await uploadRefunds([
          `${ref("F")},100,0812345678,${payIn.id}`,
          `${ref("F")},100,0812345678,${payIn.refId1}`,
          `${ref("F")},${baht(paid - 20_000 + 1)},0812345678,${payIn.id}`,
          `${ref("F")},10,0812345678,${unpaid.refId1}`,
          `${ref("F")},10,0812345678,NOT-A-PAYIN`,
        ]),
      ))!;
      expect(checked.batch.validCount).toBe(2);
      expect(checked.lines.map((l) => l.problems)).toEqual([
        {},
        {},
        { refundOf: [`refundTooLarge:${paid - 20_000}`] },
        { refundOf: ["refundNotPaid"] },
        { refundOf: ["bulkRefundNotFound"] },
      ]);

      // A file whose lines were fine when checked; by the time it is made, someone refunded the rest.
      const late = await uploadRefunds([`${ref("G")},100,0812345678,${payIn.id}`, `${ref("G")},100,0812345678,${payIn.id}`]);
      const good = await uploadRefunds([`${ref("F")},100,0812345678,${payIn.id}`, `${ref("F")},100,0812345678,${payIn.refId1}`]);
      // Two refunds of ฿100 to one customer: the second pays the same recipient the same amount again.
      expect(await confirmBatch(setup.db, all, good, staffId)).toBe("needs_acknowledgement");
      expect(await confirmBatch(setup.db, all, good, staffId, { ack: { count: 1, totalSatang: 10_000 } })).toBe("confirmed");
      expect(await runBulkPass(options())).toBe(2);
      const made = (await getBatch(setup.db, all, good))!;
      expect(made.lines.map((l) => l.outcome)).toEqual(["sent", "sent"]);
      const refunds = await setup.db.select().from(paymentRequests).where(eq(paymentRequests.refundOf, payIn.id));
      expect(refunds.map((r) => r.id).sort()).toEqual(made.lines.map((l) => l.requestId).sort());
      expect((await refundStanding(setup.db, paidRow!)).leftSatang).toBe(paid - 20_000);

      const rest = await createRequest(
        setup.db,
        setup.api,
        { kind: "payout", payOut: parseOne(ref("H"), baht(paid - 20_000)) },
        { merchantRowId: setup.merchantRowId, idempotencyKey: randomUUID(), createdBy: staffId, refundOf: payIn.id },
      );
      expect(rest.outcome).toBe("sent");
      // Both lines repeat the confirmed file's (and the second, the first).
      expect(await confirmBatch(setup.db, all, late, staffId, { ack: { count: 2, totalSatang: 20_000 } })).toBe("confirmed");
      await runBulkPass(options());
      const refused = (await getBatch(setup.db, all, late))!;
      expect(refused.lines.map((l) => [l.outcome, l.problems])).toEqual([
        ["refused", { amount: ["refundNothingLeft"] }],
        ["refused", { amount: ["refundNothingLeft"] }],
      ]);
    },
  );

  it.skipIf(skip)(
    "the same file uploaded again, with empty ref_id1, is not confirmed without an acknowledgement naming its count and total",
    async () => {
      // Six recipients no other test here pays these amounts to.
      const lines = Array.from({ length: 6 }, (_, i) => `,${61 + i}.25,,,,08100000${10 + i}`);
      const first = await upload(lines);
      expect(await findDuplicates(setup.db, first, { days: 30 })).toMatchObject({ count: 0, totalSatang: 0 });
      expect(await confirmBatch(setup.db, all, first, staffId)).toBe("confirmed");
      expect(await runBulkPass(options())).toBe(6);

      const again = await upload(lines);
      const flagged = await findDuplicates(setup.db, again, { days: 30 });
      const total = [61, 62, 63, 64, 65, 66].reduce((sum, baht) => sum + baht * 100 + 25, 0);
      expect(flagged).toMatchObject({ count: 6, totalSatang: total });
      expect(flagged.lines[0]).toMatchObject({ line: 2, sameAs: { kind: "other_file", batchId: first, line: 2 } });
      // A warning is not enough: without the acknowledgement, or with one that names another count or total, nothing is confirmed.
      expect(await confirmBatch(setup.db, all, again, staffId)).toBe("needs_acknowledgement");
      expect(await confirmBatch(setup.db, all, again, staffId, { ack: { count: 5, totalSatang: total } })).toBe("needs_acknowledgement");
      expect(await confirmBatch(setup.db, all, again, staffId, { ack: { count: 6, totalSatang: total - 1 } })).toBe(
        "needs_acknowledgement",
      );
      expect(await runBulkPass(options())).toBe(0);
      expect((await getBatch(setup.db, all, again))!.batch.status).toBe("draft");
      // Outside the window, or with the window at 0, another file does not count.
      expect((await findDuplicates(setup.db, again, { days: 30, now: new Date(Date.now() + 31 * 86_400_000) })).count).toBe(0);
      expect((await findDuplicates(setup.db, again, { days: 0 })).count).toBe(0);
      // Acknowledged exactly: confirmed, and paid again as the person chose.
      expect(await confirmBatch(setup.db, all, again, staffId, { ack: { count: 6, totalSatang: total } })).toBe("confirmed");
      expect(await runBulkPass(options())).toBe(6);
    },
  );

  it.skipIf(skip)(
    "flags an identical line repeated in one file, and two copies confirmed at once confirm one without an acknowledgement",
    async () => {
      const repeated = `,77.70,KBANK,123-4-56789-0,Somchai,`;
      const id = await upload([repeated, `,77.70,,,,0811111177`, `,77.70,KBANK,1234567890,Somchai,`]);
      const flagged = await findDuplicates(setup.db, id, { days: 30 });
      // Account numbers are compared as digits: line 4 is line 2 again.
      expect(flagged).toMatchObject({ count: 1, totalSatang: 7_770, lines: [{ line: 4, sameAs: { kind: "this_file", line: 2 } }] });
      expect(await confirmBatch(setup.db, all, id, staffId)).toBe("needs_acknowledgement");
      expect(await cancelBatch(setup.db, all, id)).toBe(true);

      const copy = [`,78.80,,,,0811111178`];
      const [a, b] = [await upload(copy), await upload(copy)];
      const outcomes = await Promise.all([confirmBatch(setup.db, all, a, staffId), confirmBatch(setup.db, all, b, staffId)]);
      expect(outcomes.toSorted()).toEqual(["confirmed", "needs_acknowledgement"]);
    },
  );

  it.skipIf(skip)("the same file uploaded again says so; another merchant's staff find no file", async () => {
    const line = `${ref("E")},10,,,,0812345678`;
    await upload([line]);
    const again = await upload([line]);
    expect((await getBatch(setup.db, all, again))!.batch.sameFileBefore).toBeInstanceOf(Date);
    const elsewhere = { merchantIds: ["mer_elsewhere"] };
    expect(await getBatch(setup.db, elsewhere, again)).toBeNull();
    expect(await listBatches(setup.db, elsewhere)).toEqual([]);
    expect(await confirmBatch(setup.db, elsewhere, again, staffId)).toBe("not_found");
    expect((await listBatches(setup.db, all)).map((b) => b.id)).toContain(again);
  });
});

function parseOne(refId1: string, amount = "30") {
  const parsed = parseBulkFile(new TextEncoder().encode(`ref_id1,amount,promptpay_id\n${refId1},${amount},0812345678\n`));
  if (!parsed.ok) throw new Error(parsed.problem.key);
  return parsed.lines[0]!.payOut!;
}
