import "server-only";
import { inArray } from "drizzle-orm";
import { database } from "../db";
import { paymentRequests } from "../db/schema";
import { REQUEST_CHANNEL } from "../requests/apply";
import { STAFF_CHANGE_PREFIX } from "./staff-changes";

/**
 * One LISTEN per process, fanned out to every open event stream of that process. Changes made by
 * any instance reach every instance through Postgres (PGlite's own NOTIFY when embedded), so no
 * in-process state is needed for correctness (docs/DESIGN.md §6.1).
 *
 * The LISTEN connection can break (a database restart): it is replaced by itself
 * (lib/db/listener.ts), and every subscriber's `onResumed` runs once listening again, since the
 * changes made meanwhile were announced to nobody.
 */
type Listener = (change: { requestId: string; merchantId: string }) => void;
type Resumed = () => void;

interface Bus {
  listeners: Map<Listener, Resumed | undefined>;
  started: Promise<void> | null;
  /** Since when (ms) this process has heard every change: null while it is not listening. */
  heardAllSince: number | null;
  /** When this process last heard a change to one of each merchant's requests (ms). */
  lastHeard: Map<string, number>;
  /** Who hears of changes to people (lib/live/staff-changes.ts): announced on the same channel, with their prefix. */
  staffListeners?: Set<(userId: string) => void>;
}

const holder = globalThis as typeof globalThis & { __paydeskLiveBus?: Bus };
const bus: Bus = (holder.__paydeskLiveBus ??= { listeners: new Map(), started: null, heardAllSince: null, lastHeard: new Map() });

/** Request ids arriving within this window are looked up together. */
const BATCH_MS = 25;
let pending = new Set<string>();
let timer: NodeJS.Timeout | null = null;

async function flush(): Promise<void> {
  const ids = [...pending];
  pending = new Set();
  timer = null;
  if (ids.length === 0) return;
  const { db } = await database();
  const rows = await db
    .select({ id: paymentRequests.id, merchantId: paymentRequests.merchantId })
    .from(paymentRequests)
    .where(inArray(paymentRequests.id, ids));
  const heardAt = Date.now();
  for (const row of rows) {
    bus.lastHeard.set(row.merchantId, heardAt);
    for (const listener of bus.listeners.keys()) listener({ requestId: row.id, merchantId: row.merchantId });
  }
}

function resumed(): void {
  // What changed during the break was heard by nobody.
  bus.heardAllSince = Date.now();
  for (const onResumed of bus.listeners.values()) onResumed?.();
}

function start(): Promise<void> {
  bus.started ??= database()
    .then((db) =>
      db.listen(
        REQUEST_CHANNEL,
        (payload) => {
          if (payload.startsWith(STAFF_CHANGE_PREFIX)) {
            const userId = payload.slice(STAFF_CHANGE_PREFIX.length);
            for (const each of bus.staffListeners ?? []) each(userId);
            return;
          }
          pending.add(payload);
          timer ??= setTimeout(() => void flush().catch(() => undefined), BATCH_MS);
        },
        resumed,
      ),
    )
    .then(() => {
      bus.heardAllSince = Date.now();
    })
    .catch((error: unknown) => {
      bus.started = null;
      throw error;
    });
  return bus.started;
}

/**
 * Calls `listener` for every request change, and `onResumed` after the bus was cut off from the
 * database and listens again (catch up: anything may have changed meanwhile). Returns the
 * unsubscribe function.
 */
export async function subscribeToRequestChanges(listener: Listener, onResumed?: Resumed): Promise<() => void> {
  await start();
  bus.listeners.set(listener, onResumed);
  return () => bus.listeners.delete(listener);
}

/**
 * What a page rendered before its stream listened needs to know to catch up without asking the
 * database (components/live/live-updates.tsx): since when this process has heard every change, and
 * when it last heard one for these merchants (null: all of them). A page rendered after
 * `heardAllSince` and before `lastChangeAt` missed something; one rendered before `heardAllSince`
 * cannot tell and must refresh.
 */
export function catchUpFacts(merchantIds: ReadonlySet<string> | null): { heardAllSince: number | null; lastChangeAt: number | null } {
  let lastChangeAt: number | null = null;
  for (const [merchantId, at] of bus.lastHeard) {
    if (merchantIds !== null && !merchantIds.has(merchantId)) continue;
    if (lastChangeAt === null || at > lastChangeAt) lastChangeAt = at;
  }
  return { heardAllSince: bus.heardAllSince, lastChangeAt };
}

/**
 * The mark a server-rendered page hands its LiveUpdates (the server's clock before the page reads
 * its rows; compared with `catchUpFacts`). A function, not `Date.now()` in the page, because a
 * component's body must read as pure: this runs once per request, on the server.
 */
export function catchUpMark(): number {
  return Date.now();
}

/**
 * Calls `listener` with a person's id whenever a change to them is announced (lib/live/staff-changes.ts):
 * disabled, access changed, a session ended, a password reset. Returns the unsubscribe function.
 */
export async function subscribeToStaffChanges(listener: (userId: string) => void): Promise<() => void> {
  await start();
  const listeners = (bus.staffListeners ??= new Set());
  listeners.add(listener);
  return () => listeners.delete(listener);
}
