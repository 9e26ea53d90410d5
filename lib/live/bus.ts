import "server-only";
import { inArray } from "drizzle-orm";
import { database } from "../db";
import { paymentRequests } from "../db/schema";
import { REQUEST_CHANNEL } from "../requests/apply";

/**
 * One LISTEN per process, fanned out to every open event stream of that process. Changes made by
 * any instance reach every instance through Postgres (PGlite's own NOTIFY when embedded), so no
 * in-process state is needed for correctness (DESIGN.md §6).
 */
type Listener = (change: { requestId: string; merchantId: string }) => void;

interface Bus {
  listeners: Set<Listener>;
  started: Promise<void> | null;
}

const holder = globalThis as typeof globalThis & { __paydeskBus?: Bus };
const bus: Bus = (holder.__paydeskBus ??= { listeners: new Set(), started: null });

/** Request ids arriving within this window are looked up together. */
const BATCH_MS = 25;
let pending = new Set<string>();
let timer: NodeJS.Timeout | null = null;

async function flush(): Promise<void> {
  const ids = [...pending];
  pending = new Set();
  timer = null;
  if (ids.length === 0 || bus.listeners.size === 0) return;
  const { db } = await database();
  const rows = await db.select({ id: paymentRequests.id, merchantId: paymentRequests.merchantId }).from(paymentRequests).where(inArray(paymentRequests.id, ids));
  for (const row of rows) for (const listener of bus.listeners) listener({ requestId: row.id, merchantId: row.merchantId });
}

function start(): Promise<void> {
  bus.started ??= database()
    .then((db) =>
      db.listen(REQUEST_CHANNEL, (payload) => {
        pending.add(payload);
        timer ??= setTimeout(() => void flush().catch(() => undefined), BATCH_MS);
      }),
    )
    .then(() => undefined)
    .catch((error: unknown) => {
      bus.started = null;
      throw error;
    });
  return bus.started;
}

/** Calls `listener` for every request change; returns the unsubscribe function. */
export async function subscribeToRequestChanges(listener: Listener): Promise<() => void> {
  await start();
  bus.listeners.add(listener);
  return () => bus.listeners.delete(listener);
}
