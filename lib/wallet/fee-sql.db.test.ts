/**
 * The fee rule in SQL (lib/wallet/statement.ts FEE_SQL, used by the statement's judgement) is
 * lib/requests/fees.ts `feesOf`'s, to the satang, for every kind of input: stated fees, rates with
 * up to four decimals, halves that round away from zero, DiscardCent on Pay-Ins (and not on the
 * other kinds), nothing paid, nothing known.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/databases";
import { toDecimalString, toSatang } from "@/lib/money";
import { feesOf } from "@/lib/requests/fees";
import { FEE_SQL } from "./fee-sql";

describe("the statement's fee rule in SQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.dispose());

  it("is feesOf's for every kind, rate, rounding and DiscardCent", async () => {
    const kinds = ["payin", "payin_p2p", "payout", "withdrawal"] as const;
    const cases: Array<{
      kind: (typeof kinds)[number];
      paid: string;
      feeAmount: string | null;
      feePct: string | null;
      discardCent: boolean | null;
    }> = [];
    // Deterministic spread: amounts with every satang ending, rates that land on halves.
    const paids = ["0.00", "0.01", "1.00", "1.01", "3.33", "100.50", "325.52", "999.99", "1234.57", "98765.43", "1000000.00"];
    const pcts = [null, "0", "0.5", "1.5", "1.25", "2.7777", "3", "100"];
    for (const kind of kinds)
      for (const paid of paids)
        for (const feePct of pcts)
          for (const discardCent of [null, false, true]) cases.push({ kind, paid, feeAmount: null, feePct, discardCent });
    for (const kind of kinds) cases.push({ kind, paid: "500.00", feeAmount: "7.50", feePct: "1.5", discardCent: true });
    const values = sql.join(
      cases.map(
        (c, i) => sql`(${i}, ${c.kind}, ${c.paid}::numeric, ${c.feeAmount}::numeric, ${c.feePct}::numeric, ${c.discardCent}::boolean)`,
      ),
      sql`, `,
    );
    const rows = (
      (await database.db.execute(sql`
        SELECT i, (${FEE_SQL})::text AS fee
        FROM (VALUES ${values}) AS pr (i, kind, paid_amount, fee_amount, fee_pct, discard_cent)
        ORDER BY i`)) as unknown as { rows: Array<{ i: number; fee: string | null }> }
    ).rows;
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      const c = cases[row.i]!;
      const expected = feesOf({ kind: c.kind, paidAmount: c.paid, feeAmount: c.feeAmount, feePct: c.feePct, discardCent: c.discardCent });
      expect(row.fee === null ? null : toDecimalString(toSatang(row.fee)), JSON.stringify(c)).toBe(
        expected === null ? null : toDecimalString(expected.feeSatang),
      );
    }
  });
});
