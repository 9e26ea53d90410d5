import { readInBulk } from "../provider/bulk-read";
import type { MerchantApi, PaymentRecord } from "../provider/client";
import type { ProviderResult } from "../provider/result";

/**
 * Confirming webhooks together. A burst of real payments brings one webhook each, and asking the
 * provider about each by its id would spend the confirmations' whole lane of the budget at a few
 * per second. So claims arriving within a short window for the same merchant, direction and
 * claimed status are confirmed by one bulk read (lib/provider/bulk-read.ts): every request the
 * list shows in the claimed status is confirmed by it. A request it does not show — its status is
 * another (the claim is contradicted), or paging missed it — is asked about by its id, as before,
 * so each claim still gets the provider's own record of that request.
 */
export interface ClaimGroup {
  merchantRowId: string;
  direction: "PayIn" | "PayOut";
  /** The provider's status the claim implies ("Paid", "Approved", "Rejected", "Pending"). */
  status: string;
}

export interface ConfirmationBatcher {
  /** The provider's record of one request, read alone or with others claimed at the same time. */
  read(api: MerchantApi, group: ClaimGroup, providerId: string, createdAt: Date): Promise<ProviderResult<PaymentRecord>>;
}

interface Waiter {
  providerId: string;
  createdAt: Date;
  resolve(result: ProviderResult<PaymentRecord>): void;
}

interface Batch {
  api: MerchantApi;
  group: ClaimGroup;
  waiters: Waiter[];
}

/** How long the first claim of a batch waits for others; small beside the provider's own delays. */
const WINDOW_MS = 200;
/** One page of the list. */
const MAX_BATCH = 100;
/** Pages read for a batch before the rest are asked about one by one. */
const MAX_PAGES = 3;

export function createConfirmationBatcher(options: { windowMs?: number; maxBatch?: number } = {}): ConfirmationBatcher {
  const windowMs = options.windowMs ?? WINDOW_MS;
  const maxBatch = options.maxBatch ?? MAX_BATCH;
  /** Claims gathering, by group. */
  const open = new Map<string, Batch>();
  /** Groups whose previous batch is still being read: the next one gathers until it is done. */
  const reading = new Set<string>();

  const flush = (key: string) => {
    const batch = open.get(key);
    if (!batch || reading.has(key)) return;
    open.delete(key);
    reading.add(key);
    void settle(batch).finally(() => {
      reading.delete(key);
      // Claims that came while this batch waited for the budget and its answer go next, together:
      // the busier the provider's budget, the larger the batches.
      if (open.has(key)) flush(key);
    });
  };

  return {
    read(api, group, providerId, createdAt) {
      return new Promise((resolve) => {
        const key = `${group.merchantRowId}:${group.direction}:${group.status}`;
        let batch = open.get(key);
        if (!batch) {
          batch = { api, group, waiters: [] };
          open.set(key, batch);
          setTimeout(() => flush(key), windowMs).unref?.();
        }
        batch.waiters.push({ providerId: providerId.toLowerCase(), createdAt, resolve });
        if (batch.waiters.length >= maxBatch) flush(key);
      });
    },
  };
}

async function settle({ api, group, waiters }: Batch): Promise<void> {
  const alone = (w: Waiter) => api.getPaymentRequestById(w.providerId).then(w.resolve, (error: unknown) => w.resolve(thrown(error)));
  if (waiters.length === 1) return alone(waiters[0]!);
  try {
    const since = new Date(Math.min(...waiters.map((w) => w.createdAt.getTime())));
    const read = await readInBulk(api, {
      direction: group.direction,
      status: group.status,
      since,
      wanted: new Set(waiters.map((w) => w.providerId)),
      maxPages: MAX_PAGES,
    });
    if (!read.ok) {
      for (const w of waiters) w.resolve(read);
      return;
    }
    const unseen: Waiter[] = [];
    for (const w of waiters) {
      const record = read.records.get(w.providerId);
      if (record) w.resolve({ ok: true, data: record });
      else unseen.push(w);
    }
    // One read per request, however many of its claims came together.
    const byId = new Map<string, Waiter[]>();
    for (const w of unseen) byId.set(w.providerId, [...(byId.get(w.providerId) ?? []), w]);
    for (const [id, claims] of byId) {
      const record = await api.getPaymentRequestById(id).catch((error: unknown) => thrown(error));
      for (const w of claims) w.resolve(record);
    }
  } catch (error) {
    for (const w of waiters) w.resolve(thrown(error));
  }
}

/** A read that threw (a bug, not the provider): no confirmation, said as a provider error. */
function thrown(error: unknown): ProviderResult<PaymentRecord> {
  return {
    ok: false,
    kind: "provider_error",
    httpStatus: null,
    detail: { what: "read_threw", error: error instanceof Error ? error.message : String(error) },
    mayExist: false,
  };
}

const holder = globalThis as typeof globalThis & { __paydeskConfirmations?: ConfirmationBatcher };

/** The process's batcher. */
export function confirmations(): ConfirmationBatcher {
  holder.__paydeskConfirmations ??= createConfirmationBatcher();
  return holder.__paydeskConfirmations;
}
