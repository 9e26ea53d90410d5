import "server-only";
import { database } from "../db";
import { env } from "../env";
import type { merchants } from "../db/schema";
import { credentialsFor, credentialsOf } from "../merchants/manage";
import { keyVault } from "../merchants/vault";
import { createPaymentApi, type MerchantApi, type PaymentApi } from "./client";
import { createMemoryLimiter, createPostgresLimiter, parseLimit, type Lane, type LimitConfig, type RateLimiter } from "./limiter";

const holder = globalThis as typeof globalThis & { __paydeskPaymentApi?: Promise<PaymentApi> };

/** The process's provider client, rate-limited through the database shared by all instances. */
export function paymentApi(): Promise<PaymentApi> {
  holder.__paydeskPaymentApi ??= (async () => {
    const e = env();
    const limit = parseLimit(e.PAYMENT_API_RATE_LIMIT);
    return createPaymentApi({
      baseUrl: e.providerBaseUrl,
      timeoutMs: e.PAYMENT_API_TIMEOUT_MS,
      limiter: limit ? await sharedLimiter(e.providerBaseUrl, { ...limit, maxWaitMs: e.PAYMENT_API_MAX_QUEUE_MS }) : null,
    });
  })();
  return holder.__paydeskPaymentApi;
}

/**
 * The rate limit's log lives where every instance calling the provider can see it: in Postgres,
 * shared by all instances (docs/DESIGN.md §6.2). PGlite belongs to exactly one process (lib/db/client.ts),
 * so that process is the only caller and the same sliding log in memory is the whole truth — and
 * spares every provider call a transaction.
 */
async function sharedLimiter(provider: string, config: LimitConfig): Promise<RateLimiter> {
  const { db, kind } = await database();
  return kind === "pglite" ? createMemoryLimiter(config) : createPostgresLimiter(db, provider, config);
}

/** The provider client for one of our merchants (by our id), or undefined when it does not exist; staff's lane unless said otherwise. */
export async function merchantApi(merchantRowId: string, lane: Lane = "staff"): Promise<MerchantApi | undefined> {
  const { db } = await database();
  const credentials = await credentialsFor(db, keyVault(), merchantRowId);
  return credentials ? (await paymentApi()).forMerchant(credentials, lane) : undefined;
}

/** The provider client for a merchant row already read (its keys opened here), in the given lane. */
export async function merchantApiFor(row: typeof merchants.$inferSelect, lane: Lane): Promise<MerchantApi> {
  return (await paymentApi()).forMerchant(credentialsOf(row, keyVault()), lane);
}

/** `merchantApi` for background work that spends a lower lane of the budget. */
export const merchantApiIn =
  (lane: Lane) =>
  (merchantRowId: string): Promise<MerchantApi | undefined> =>
    merchantApi(merchantRowId, lane);

export type { MerchantApi, PaymentApi } from "./client";
export type { Lane } from "./limiter";
export type { ProviderFailure, ProviderResult } from "./result";
