import "server-only";
import { inArray } from "drizzle-orm";
import { database } from "../db";
import { paymentRequests } from "../db/schema";
import { DELIVERY_CHANGE_PREFIX, REQUEST_CHANNEL } from "../requests/apply";
import { STAFF_CHANGE_PREFIX } from "./staff-changes";

/**
 * One LISTEN per process, fanned out to every open event stream of that process. Changes made by
 * any instance reach every instance through Postgres (PGlite's own NOTIFY when embedded), so no
 * in-process state is needed for correctness (docs/DESIGN.md §6.1).
 *
 * A request's announcement carries its merchant (`<merchantId>/<requestId>`, lib/requests/apply.ts
 * `announcement`), so hearing it costs no query; a bare request id (an older instance's, during a
 * rolling deploy) is looked up, a batch at a time. A stream about one request (the checkout's)
 * subscribes to that request alone, so a change wakes the streams that show it and no other.
 * Changes to the merchant's outbound deliveries (a trigger on `outbound_deliveries`, migration
 * 0052) come as `delivery:<merchantId>`, and changes to people as `staff:<userId>`.
 *
 * The LISTEN connection can break (a database restart): it is replaced by itself
 * (lib/db/listener.ts), and every subscriber's `onResumed` runs once listening again, since the
 * changes made meanwhile were announced to nobody.
 */
type Listener = (change: { requestId: string; merchantId: string }) => void;
type Resumed = () => void;

interface Bus {
  listeners: Map<Listener, Resumed | undefined>;
  /** Who follows one request only (a checkout's stream), by its id. */
  byRequest?: Map<string, Map<Listener, Resumed | undefined>>;
  /** Who hears of changes to a merchant's outbound deliveries (the delivery log), with the merchant's id. */
  deliveryListeners?: Set<(merchantId: string) => void>;
  /** When this process last heard a change to one of each merchant's outbound deliveries (ms). */
  lastDeliveryHeard?: Map<string, number>;
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

function tell(requestId: string, merchantId: string, heardAt: number): void {
  bus.lastHeard.set(merchantId, heardAt);
  const change = { requestId, merchantId };
  for (const listener of bus.listeners.keys()) listener(change);
  for (const listener of bus.byRequest?.get(requestId)?.keys() ?? []) listener(change);
}

/** Bare request ids (announced without their merchant), looked up together. */
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
  for (const row of rows) tell(row.id, row.merchantId, heardAt);
}

function heardRequest(payload: string): void {
  if (payload.startsWith(STAFF_CHANGE_PREFIX)) {
    const userId = payload.slice(STAFF_CHANGE_PREFIX.length);
    for (const each of bus.staffListeners ?? []) each(userId);
    return;
  }
  if (payload.startsWith(DELIVERY_CHANGE_PREFIX)) return heardDelivery(payload.slice(DELIVERY_CHANGE_PREFIX.length));
  const slash = payload.indexOf("/");
  if (slash > 0) return tell(payload.slice(slash + 1), payload.slice(0, slash), Date.now());
  pending.add(payload);
  timer ??= setTimeout(() => void flush().catch(() => undefined), BATCH_MS);
}

function heardDelivery(merchantId: string): void {
  (bus.lastDeliveryHeard ??= new Map()).set(merchantId, Date.now());
  for (const each of bus.deliveryListeners ?? []) each(merchantId);
}

function resumed(): void {
  // What changed during the break was heard by nobody.
  bus.heardAllSince = Date.now();
  for (const onResumed of bus.listeners.values()) onResumed?.();
  for (const followers of bus.byRequest?.values() ?? []) for (const onResumed of followers.values()) onResumed?.();
}

function start(): Promise<void> {
  bus.started ??= database()
    .then((db) => db.listen(REQUEST_CHANNEL, heardRequest, resumed))
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
 * Calls `listener` for every change to one request (and `onResumed` after a break), and for no
 * other: a checkout's stream follows its own request without hearing every other. Returns the
 * unsubscribe function.
 */
export async function subscribeToRequest(requestId: string, listener: Listener, onResumed?: Resumed): Promise<() => void> {
  await start();
  const byRequest = (bus.byRequest ??= new Map());
  const followers = byRequest.get(requestId) ?? new Map<Listener, Resumed | undefined>();
  byRequest.set(requestId, followers);
  followers.set(listener, onResumed);
  return () => {
    followers.delete(listener);
    if (followers.size === 0 && byRequest.get(requestId) === followers) byRequest.delete(requestId);
  };
}

/**
 * Calls `listener` with a merchant's id whenever one of its outbound deliveries is added, attempted
 * or settled (the delivery log follows them). Returns the unsubscribe function.
 */
export async function subscribeToDeliveryChanges(listener: (merchantId: string) => void): Promise<() => void> {
  await start();
  const listeners = (bus.deliveryListeners ??= new Set());
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What a page rendered before its stream listened needs to know to catch up without asking the
 * database (components/live/live-updates.tsx): since when this process has heard every change, and
 * when it last heard one for these merchants (null: all of them) — a request's change, and apart
 * from it a delivery's (`lastDeliveryChangeAt`, for the delivery log). A page rendered after
 * `heardAllSince` and before `lastChangeAt` missed something; one rendered before `heardAllSince`
 * cannot tell and must refresh.
 */
export function catchUpFacts(merchantIds: ReadonlySet<string> | null): {
  heardAllSince: number | null;
  lastChangeAt: number | null;
  lastDeliveryChangeAt: number | null;
} {
  const latest = (heard: Map<string, number> | undefined) => {
    let last: number | null = null;
    for (const [merchantId, at] of heard ?? []) {
      if (merchantIds !== null && !merchantIds.has(merchantId)) continue;
      if (last === null || at > last) last = at;
    }
    return last;
  };
  return { heardAllSince: bus.heardAllSince, lastChangeAt: latest(bus.lastHeard), lastDeliveryChangeAt: latest(bus.lastDeliveryHeard) };
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
