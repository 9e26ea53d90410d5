/**
 * The merchant's wallet balance at the provider (docs/provider-facts.md §9), as PayDesk last read
 * it (docs/DESIGN.md §4, "The wallet"). The provider holds the money and its balance; PayDesk only
 * reads it, with the merchant's read key, and keeps the last answer in `merchant_wallets` with the
 * time it was read — so every page says how old the figure is, every instance shares it, and a
 * page never waits for the provider to show one: it shows the last figure, and the figure is read
 * again when it is older than WALLET_FRESH_MS.
 *
 * A failure to read is kept beside the last good figure (which stays shown, with its age), worded
 * where it is shown: no read key, a key the provider refuses, no wallet, or the provider unreachable.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db";
import { merchantWallets } from "../db/schema";
import { toDecimalString, toSatang, type Satang } from "../money";
import type { MerchantApi, ProviderWallet } from "../provider/client";
import type { ProviderResult } from "../provider/result";
import { availableOf, type WalletFailure, type WalletPosition } from "./position";
import { waitingDebits } from "./waiting";

/** A balance younger than this is shown as it is; an older one is read again (and shown, with its age, meanwhile). */
export const WALLET_FRESH_MS = 30_000;

export type { WalletFailure };

export interface WalletReading {
  merchantId: string;
  walletId: string | null;
  /** Null when the provider has never told PayDesk. */
  balanceSatang: Satang | null;
  readAt: Date | null;
  /** The last attempt to read failed (after `readAt`, or with no figure ever read): why. */
  failure: WalletFailure | null;
  failedAt: Date | null;
}

type Row = typeof merchantWallets.$inferSelect;

/** A stored balance, which may be below zero (a provider admin's deduction is not checked, §9.2). */
const signedSatang = (text: string): Satang => (text.trim().startsWith("-") ? -toSatang(text.trim().slice(1)) : toSatang(text));

function readingOf(merchantId: string, row: Row | undefined): WalletReading {
  if (!row) return { merchantId, walletId: null, balanceSatang: null, readAt: null, failure: null, failedAt: null };
  const failedLater = row.failedAt !== null && (row.readAt === null || row.failedAt > row.readAt);
  return {
    merchantId,
    walletId: row.walletId,
    balanceSatang: row.balance === null ? null : signedSatang(row.balance),
    readAt: row.readAt,
    failure: failedLater ? ((row.failure as WalletFailure | null) ?? "unavailable") : null,
    failedAt: failedLater ? row.failedAt : null,
  };
}

/** The last readings of these merchants' wallets, from the database only (no provider call). */
export async function storedWallets(db: Db, merchantIds: readonly string[]): Promise<Map<string, WalletReading>> {
  const rows =
    merchantIds.length === 0
      ? []
      : await db
          .select()
          .from(merchantWallets)
          .where(inArray(merchantWallets.merchantId, [...merchantIds]));
  const byId = new Map(rows.map((r) => [r.merchantId, r]));
  return new Map(merchantIds.map((id) => [id, readingOf(id, byId.get(id))]));
}

export const isFresh = (reading: WalletReading, now = Date.now()) =>
  reading.readAt !== null && now - reading.readAt.getTime() < WALLET_FRESH_MS && reading.failure === null;

/** Worth asking the provider again: the figure is not fresh, and the last failure (if any) is not either — a failing provider is asked at most once per WALLET_FRESH_MS. */
export const isDue = (reading: WalletReading, now = Date.now()) =>
  !isFresh(reading, now) && (reading.failedAt === null || now - reading.failedAt.getTime() >= WALLET_FRESH_MS);

/** Why a failed read failed, in the few words the pages explain. */
export function walletFailureOf(result: Exclude<ProviderResult<ProviderWallet>, { ok: true }>): WalletFailure {
  if (result.kind === "forbidden") return result.missing === "read_key" ? "no_read_key" : "refused";
  if (result.kind === "auth_failed") return "refused";
  if (result.kind === "rejected") return "not_found";
  return "unavailable";
}

const inFlight = new Map<string, Promise<WalletReading>>();

/**
 * Asks the provider for the merchant's wallet now and keeps the answer. One read per merchant at a
 * time in this process: callers arriving while one is under way share its answer.
 */
export function refreshWallet(db: Db, merchantId: string, api: () => Promise<MerchantApi | undefined>): Promise<WalletReading> {
  const running = inFlight.get(merchantId);
  if (running) return running;
  const read = (async () => {
    const client = await api();
    const now = new Date();
    if (!client) return readingOf(merchantId, undefined);
    const result = await client.getMerchantWallet();
    if (result.ok) {
      const values = { walletId: result.data.id, balance: toDecimalString(result.data.balanceSatang), readAt: now };
      await db
        .insert(merchantWallets)
        .values({ merchantId, ...values })
        .onConflictDoUpdate({ target: merchantWallets.merchantId, set: values });
    } else {
      const values = { failedAt: now, failure: walletFailureOf(result) };
      await db
        .insert(merchantWallets)
        .values({ merchantId, ...values })
        .onConflictDoUpdate({ target: merchantWallets.merchantId, set: values });
    }
    const [row] = await db.select().from(merchantWallets).where(eq(merchantWallets.merchantId, merchantId));
    return readingOf(merchantId, row);
  })().finally(() => inFlight.delete(merchantId));
  inFlight.set(merchantId, read);
  return read;
}

/** The stored reading, or a new one from the provider when it is due (isDue). */
/** A merchant's position (lib/wallet/position.ts): its wallet as `reading` says, and what waits to be debited. */
export async function positionOf(db: Db, reading: WalletReading): Promise<WalletPosition> {
  const waiting = await waitingDebits(db, reading.merchantId);
  const w = {
    count: waiting.count,
    amountSatang: waiting.amountSatang,
    feeSatang: waiting.feeSatang,
    feeEstimated: waiting.feeEstimated,
    feeUnknownCount: waiting.feeUnknownCount,
  };
  return {
    merchantId: reading.merchantId,
    balanceSatang: reading.balanceSatang,
    readAt: reading.readAt?.toISOString() ?? null,
    failure: reading.failure,
    waiting: w,
    payoutFeePct: waiting.latestPayoutFeePct,
    availableSatang: availableOf(reading.balanceSatang, w),
  };
}

export async function currentWallet(db: Db, merchantId: string, api: () => Promise<MerchantApi | undefined>): Promise<WalletReading> {
  const stored = (await storedWallets(db, [merchantId])).get(merchantId)!;
  return isDue(stored) ? refreshWallet(db, merchantId, api) : stored;
}

/** The positions of these merchants from what is stored (no provider call): what a page renders before it asks again. */
export async function storedPositions(db: Db, merchantIds: readonly string[]): Promise<WalletPosition[]> {
  const readings = await storedWallets(db, merchantIds);
  return Promise.all(merchantIds.map((id) => positionOf(db, readings.get(id)!)));
}
