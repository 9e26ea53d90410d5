/** The statement's balance chain for a day whose movements share instants (./statement.ts). */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { walletTransactions } from "../db/schema";
import type { Satang } from "../money";
import { signedSatang } from "./movements";
import type { Finding } from "./statement";

/**
 * The chain walked in its own order, for a day whose movements share instants: among movements of
 * one instant, the one whose balance before follows the last balance comes first. Read a page at a
 * time (memory bounded); only the rare day with ties and a gap comes here.
 */
export async function chainInOrder(db: Db, merchantId: string, day: string, before: Satang | null): Promise<Finding[]> {
  const findings: Finding[] = [];
  let last = before;
  let cursor: { at: Date; id: string } | null = null;
  const pending: Array<{ id: string; at: Date; previous: Satang | null; current: Satang | null }> = [];
  const judge = (m: { id: string; previous: Satang | null; current: Satang | null }) => {
    if (last !== null && m.previous !== null && m.previous !== last)
      findings.push({ kind: "balance_gap", movementId: m.id, expectedPreviousSatang: last, previousSatang: m.previous });
    if (m.current !== null) last = m.current;
  };
  const flushTies = () => {
    while (pending.length > 0) {
      const at = pending.findIndex((m) => m.previous === last);
      judge(pending.splice(at < 0 ? 0 : at, 1)[0]!);
    }
  };
  for (;;) {
    const page: (typeof walletTransactions.$inferSelect)[] = await db
      .select()
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.merchantId, merchantId),
          eq(walletTransactions.day, day),
          cursor === null
            ? undefined
            : sql`(${walletTransactions.createdAt}, ${walletTransactions.id}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`,
        ),
      )
      .orderBy(asc(walletTransactions.createdAt), asc(walletTransactions.id))
      .limit(5_000);
    for (const m of page) {
      const entry = { id: m.id, at: m.createdAt, previous: signedSatang(m.previousBalance), current: signedSatang(m.currentBalance) };
      if (pending.length > 0 && pending[0]!.at.getTime() !== entry.at.getTime()) flushTies();
      pending.push(entry);
    }
    if (page.length < 5_000) break;
    const tail: typeof walletTransactions.$inferSelect = page[page.length - 1]!;
    cursor = { at: tail.createdAt, id: tail.id };
  }
  flushTies();
  return findings;
}
