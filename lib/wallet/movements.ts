/**
 * Reading a merchant's wallet movements from the provider and keeping them as read (the statement's
 * first step, ./statement.ts): the wallet found once by the read key, then one Bangkok day a page of
 * 100 at a time; a movement read twice (pages shift while reading) is stored once.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { merchantWallets, walletTransactions } from "../db/schema";
import { toDecimalString, toSatang, type Satang } from "../money";
import type { MerchantApi, WalletTx } from "../provider/client";

/** The Bangkok day's bounds as instants: [start, end). */
export function dayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00+07:00`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** What a movement's tags name (§9.3): `PaymentTxId=[..], RefId1=[..]` for a pay-in credit, `PayOutRequestId=[..], RefId1=[..]` for a pay-out debit. */
export function tagsOf(tags: string | null): { refKind: "payin" | "payout" | null; refId: string | null; refId1: string | null } {
  const part = (name: string) => new RegExp(`(?:^|[,\\s])${name}=\\[([^\\]]*)\\]`).exec(tags ?? "")?.[1]?.trim() || null;
  const payout = part("PayOutRequestId");
  const payin = part("PaymentTxId");
  return { refKind: payout ? "payout" : payin ? "payin" : null, refId: (payout ?? payin)?.toLowerCase() ?? null, refId1: part("RefId1") };
}

/** YYYY-MM-DD in Bangkok; made once (a formatter costs far more to make than to use). */
const BANGKOK_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" });

/** Keeps movements as read: a movement read again (pages shifted while reading) is the same row. */
export async function storeMovements(db: Db, merchantId: string, movements: readonly WalletTx[]): Promise<number> {
  if (movements.length === 0) return 0;
  const rows = movements.map((m) => {
    const createdAt = new Date(m.createdAt ?? Date.now());
    return {
      id: m.id.toLowerCase(),
      merchantId,
      walletId: (m.walletId ?? "").toLowerCase(),
      direction: m.direction,
      amount: toDecimalString(m.amountSatang),
      previousBalance: m.previousSatang === null ? null : toDecimalString(m.previousSatang),
      currentBalance: m.currentSatang === null ? null : toDecimalString(m.currentSatang),
      tags: m.tags,
      description: m.description,
      createdAt,
      day: BANGKOK_DAY.format(createdAt),
      ...tagsOf(m.tags),
    };
  });
  const inserted = await db.insert(walletTransactions).values(rows).onConflictDoNothing().returning({ id: walletTransactions.id });
  return inserted.length;
}

export type ReadOutcome = { ok: true; calls: number; read: number } | { ok: false; calls: number; failure: string };

/** Reads one Bangkok day of the merchant's wallet movements from the provider (100 a call) and keeps them. */
export async function readWalletDay(db: Db, merchantId: string, day: string, api: MerchantApi): Promise<ReadOutcome> {
  let [wallet] = await db.select().from(merchantWallets).where(eq(merchantWallets.merchantId, merchantId));
  let calls = 0;
  if (!wallet?.walletId) {
    calls++;
    const found = await api.getMerchantWallet();
    if (!found.ok) return { ok: false, calls, failure: found.kind };
    await db
      .insert(merchantWallets)
      .values({ merchantId, walletId: found.data.id, balance: toDecimalString(found.data.balanceSatang), readAt: new Date() })
      .onConflictDoUpdate({ target: merchantWallets.merchantId, set: { walletId: found.data.id } });
    [wallet] = await db.select().from(merchantWallets).where(eq(merchantWallets.merchantId, merchantId));
  }
  const { start, end } = dayBounds(day);
  const toDate = new Date(end.getTime() - 1).toISOString();
  let read = 0;
  for (let offset = 1; ; offset += 100) {
    calls++;
    const page = await api.getMerchantWalletTxs(wallet!.walletId!, { offset, limit: 100, fromDate: start.toISOString(), toDate });
    if (!page.ok) return { ok: false, calls, failure: page.kind };
    read += page.data.length;
    await storeMovements(db, merchantId, page.data);
    if (page.data.length < 100) break;
  }
  return { ok: true, calls, read };
}

/** A stored numeric as signed satang (a balance may be below zero), or null. */
export const signedSatang = (text: string | null): Satang | null =>
  text === null ? null : text.trim().startsWith("-") ? -toSatang(text.trim().slice(1)) : toSatang(text);
