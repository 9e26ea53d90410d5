import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { can } from "../auth/permissions";
import { toSatang } from "../money";
import { staffEmail, type ToldRequest } from "./messages";
import type { Mailer } from "./mailer";
import type { NotificationKind } from "./choice-schema";
import { signUnsubscribeToken, UNSUBSCRIBE_PATH } from "./unsubscribe";
import { doubling, leaseEnd } from "../jobs/lease";
import { startLoop, type Loop } from "../jobs/loop";

export interface NotifyWorkerOptions {
  db: Db;
  /**
   * null when no mail server is configured (SMTP_URL unset): each row is still decided, and one
   * still news is skipped as "no_mailer" instead of waiting for a server that is not there.
   */
  send: Mailer | null;
  /** Where staff open the console (CONSOLE_URL, else PUBLIC_BASE_URL). */
  consoleUrl: string;
  /**
   * AUTH_SECRET: signs each e-mail's one-click List-Unsubscribe link (RFC 8058,
   * lib/notify/unsubscribe-signing.ts) for the kinds it carries. Without it the e-mail has none.
   */
  unsubscribeSecret?: string;
  leaseMs?: number;
  pollMs?: number;
  /** After this many failed sends a notification is given up as failed (its row says why). */
  maxAttempts?: number;
  log?: (message: string) => void;
}

export const NOTIFY_MAX_ATTEMPTS = 10;

/** Why a notification was not sent, recorded on its row (staff_notifications.skip_reason). */
export const SKIP_REASONS = ["turned_off", "disabled", "no_access", "decided", "no_mailer"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Waits before a failed e-mail is tried again: 1, 2, 4 … minutes, at most an hour (the give-up is `maxAttempts`). */
const backoff = doubling({ firstMs: 60_000, maxMs: 3_600_000 });
export const notifyRetryAfterMs = (attempts: number) => backoff(attempts)!;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Writes a pass owes the database and could not make (it failed on them, the database away): the
 * outcome of an e-mail the server accepted, or the release of what it had leased. Kept per
 * database, in order, and made before anything else is leased, so a database blip neither holds
 * e-mail behind its lease nor sends one twice. Only a process that dies with some owed leaves them
 * to the lease (and to `unconfirmed_sends`, for what it was sending).
 */
const owedWrites = new WeakMap<Db, Array<() => Promise<void>>>();

/** Makes the writes still owed to `db`, oldest first; throws (leaving the rest owed) if one fails. */
async function settleOwed(db: Db): Promise<void> {
  const owed = owedWrites.get(db);
  while (owed && owed.length > 0) {
    await owed[0]!();
    owed.shift();
  }
}

/** Tries a write at once; if it fails, it is owed (settleOwed) and the failure goes on. */
async function writeOrOwe(db: Db, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    const owed = owedWrites.get(db) ?? [];
    owed.push(write);
    owedWrites.set(db, owed);
    throw error;
  }
}

/**
 * Claims everything waiting for the person whose notification is due first: their other pending
 * ones go in the same e-mail. Rows another instance holds are skipped (their lease covers them).
 * A row whose send had started (`send_started_at`) and was never recorded — its sender stopped in
 * between — may have reached the person: that is counted (`unconfirmed_sends`) as it is leased.
 */
async function leaseNextPerson(
  db: Db,
  leaseUntil: Date,
): Promise<Array<{ id: number; kind: string; requestId: string; staffId: string; attempts: number }>> {
  const result = await db.execute(sql`
    with person as (
      select staff_id from staff_notifications
      where outcome is null and next_attempt_at <= now() and (lease_until is null or lease_until < now())
      order by next_attempt_at, id limit 1),
    picked as (
      select n.id from staff_notifications n join person p on p.staff_id = n.staff_id
      where n.outcome is null and (n.lease_until is null or n.lease_until < now())
      order by n.id limit 100
      for update of n skip locked)
    update staff_notifications n set lease_until = ${leaseUntil.toISOString()}::timestamptz, attempts = n.attempts + 1,
      unconfirmed_sends = n.unconfirmed_sends + (n.send_started_at is not null)::int, send_started_at = null
    from picked where n.id = picked.id
    returning n.id, n.kind, n.request_id, n.staff_id, n.attempts`);
  return rowsOf(result).map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    requestId: String(r.request_id),
    staffId: String(r.staff_id),
    attempts: Number(r.attempts),
  }));
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function mark(db: Db, ids: number[], set: ReturnType<typeof sql>): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update staff_notifications set ${set}, send_started_at = null, lease_until = null where id in (${idList(ids)})`);
}

/**
 * Gives back what a failed pass leased and did not finish: due again at once for any instance, the
 * attempt not counted (nothing was sent). Only rows still under this pass's lease.
 */
async function release(db: Db, ids: number[], leaseUntil: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update staff_notifications set lease_until = null, attempts = greatest(attempts - 1, 0)
    where id in (${idList(ids)}) and outcome is null and send_started_at is null
      and lease_until = ${leaseUntil.toISOString()}::timestamptz`);
}

/** The headers that let a mail client stop these kinds of e-mail in one click (RFC 2369, RFC 8058). */
function oneClickOff(staffId: string, due: ReadonlyArray<{ kind: string }>, consoleUrl: string, secret: string): Record<string, string> {
  const kinds = [...new Set(due.map((l) => l.kind as NotificationKind))];
  const url = new URL(UNSUBSCRIBE_PATH, consoleUrl);
  url.searchParams.set("t", signUnsubscribeToken(staffId, kinds, { secret }));
  return { "List-Unsubscribe": `<${url.href}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Sends one person's e-mail, if anyone's is due; returns whether there was one. */
async function notifyNextPerson(options: NotifyWorkerOptions): Promise<boolean> {
  const { db } = options;
  // Far longer than one send may take (lib/notify/mailer.ts SMTP_TIMEOUTS_MS: 10 s to connect, 10 s
  // for the greeting, 60 s of silence; SMTP_URL may raise them): a shorter lease would let another
  // instance send the same e-mail while this one still waits on a slow server. A crashed instance's
  // e-mails go out when it runs out.
  const leaseUntil = leaseEnd(options.leaseMs ?? 15 * 60_000);
  const leased = await leaseNextPerson(db, leaseUntil);
  if (leased.length === 0) return false;
  try {
    return await sendLeased(options, leased, leaseUntil);
  } catch (error) {
    // What is still leased and was not being sent goes back at once (or once the database is back),
    // not after the lease: a blip must not hold anyone's e-mail for 15 minutes.
    await writeOrOwe(db, () =>
      release(
        db,
        leased.map((l) => l.id),
        leaseUntil,
      ),
    ).catch(() => {});
    throw error;
  }
}

type Leased = Awaited<ReturnType<typeof leaseNextPerson>>;

async function sendLeased(options: NotifyWorkerOptions, leased: Leased, leaseUntil: Date): Promise<boolean> {
  const { db } = options;
  const staffId = leased[0]!.staffId;
  const [person] = rowsOf(
    await db.execute(sql`select email, role, locale, is_disabled, merchant_ids, notifications_off from staff_users where id = ${staffId}`),
  );
  const requests = rowsOf(
    await db.execute(sql`
      select r.id, r.kind, r.ref_id1, r.requested_amount, r.created_at, r.status, r.status_code, r.merchant_id, m.display_name
      from payment_requests r join merchants m on m.id = r.merchant_id
      where r.id in (${sql.join(
        leased.map((l) => sql`${l.requestId}`),
        sql`, `,
      )})`),
  );
  const byId = new Map(requests.map((r) => [String(r.id), r]));
  const merchantIds = person?.merchant_ids === null || person?.merchant_ids === undefined ? null : (person.merchant_ids as string[]);
  // Still worth telling: the person is enabled, wants this kind of e-mail (lib/notify/choices.ts)
  // and sees the merchant; an approval still waits and they may still approve it; a request still
  // needs review. Money out that failed stays news. Otherwise the row says why it was not sent.
  const enabled = !!person && !person.is_disabled;
  const off = new Set((person?.notifications_off as string[] | null | undefined) ?? []);
  const whyNot = (l: (typeof leased)[number]): SkipReason | null => {
    const request = byId.get(l.requestId);
    if (!enabled) return "disabled";
    if (off.has(l.kind)) return "turned_off";
    if (!request) return "decided";
    if (!(merchantIds === null || merchantIds.includes(String(request.merchant_id)))) return "no_access";
    if (l.kind === "approval.waiting") {
      if (request.status !== "awaiting_approval") return "decided";
      return can(String(person.role), "payout.approve") ? null : "no_access";
    }
    if (l.kind === "request.needs_review") return request.status === "needs_review" ? null : "decided";
    return l.kind === "payout.failed" ? null : "decided";
  };
  const reasons = new Map(leased.map((l) => [l.id, whyNot(l) ?? (options.send ? null : "no_mailer")]));
  const due = leased.filter((l) => reasons.get(l.id) === null);
  for (const reason of SKIP_REASONS) {
    const ids = leased.filter((l) => reasons.get(l.id) === reason).map((l) => l.id);
    await mark(db, ids, sql`outcome = 'skipped', skip_reason = ${reason}`);
  }
  if (due.length === 0 || !options.send) return true;

  const told = (l: (typeof leased)[number]): ToldRequest => {
    const r = byId.get(l.requestId)!;
    return {
      id: String(r.id),
      merchant: String(r.display_name),
      kind: r.kind === "withdrawal" ? "withdrawal" : r.kind === "payout" ? "payout" : "payin",
      refId1: String(r.ref_id1),
      amountSatang: toSatang(String(r.requested_amount)),
      createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
      state: String(r.status),
      statusCode: r.status_code === null || r.status_code === undefined ? null : String(r.status_code),
    };
  };
  const waiting = due.filter((l) => l.kind === "approval.waiting").map(told);
  const attention = due.filter((l) => l.kind !== "approval.waiting").map(told);
  const email = String(person!.email);
  const mail = staffEmail(person!.locale === "en" ? "en" : "th", { waiting, attention }, options.consoleUrl);
  const headers = options.unsubscribeSecret ? oneClickOff(staffId, due, options.consoleUrl, options.unsubscribeSecret) : undefined;
  const ids = due.map((l) => l.id);
  // On record before the server is given it: if this process dies before the outcome is recorded,
  // the next lease counts a send that may have arrived (unconfirmed_sends). Only under this lease.
  const started = rowsOf(
    await db.execute(sql`
      update staff_notifications set send_started_at = now()
      where id in (${idList(ids)}) and outcome is null and lease_until = ${leaseUntil.toISOString()}::timestamptz
      returning id`),
  );
  if (started.length !== ids.length) {
    // Not all still ours (the lease lapsed and another pass took them): nothing is sent, and what
    // was marked is unmarked, so no send is counted that never happened.
    if (started.length > 0)
      await db.execute(
        sql`update staff_notifications set send_started_at = null where id in (${idList(started.map((r) => Number(r.id)))})`,
      );
    throw new Error("the lease on this person's e-mail lapsed before it was sent; it goes out on a later pass");
  }
  let messageId: string;
  try {
    ({ messageId } = await options.send({ to: email, ...mail, headers }));
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const attempts = Math.max(...due.map((l) => l.attempts));
    if (attempts >= (options.maxAttempts ?? NOTIFY_MAX_ATTEMPTS)) {
      await writeOrOwe(db, () => mark(db, ids, sql`outcome = 'failed', email = ${email}, last_error = ${message}`));
      options.log?.(`gave up e-mailing ${email} after ${attempts} attempts: ${message}`);
    } else {
      const next = new Date(Date.now() + notifyRetryAfterMs(attempts));
      await writeOrOwe(db, () => mark(db, ids, sql`next_attempt_at = ${next.toISOString()}::timestamptz, last_error = ${message}`));
      options.log?.(`e-mail to ${email} failed (attempt ${attempts}), trying again at ${next.toISOString()}: ${message}`);
    }
    return true;
  }
  // The server has accepted it (its 250 to the message): recorded at once, in one statement. If the
  // database is away, the record is owed and made before anything else once it is back — never sent again.
  const sentAt = new Date();
  await writeOrOwe(db, () =>
    mark(
      db,
      ids,
      sql`outcome = 'sent', sent_at = ${sentAt.toISOString()}::timestamptz, email = ${email}, message_id = ${messageId}, last_error = null`,
    ),
  );
  options.log?.(`e-mailed ${email}: ${waiting.length} request(s) waiting for approval, ${attention.length} needing attention`);
  return true;
}

/** E-mails up to `max` people, one after the other, until `stopping` says so; returns how many. */
export async function runNotifyPass(options: NotifyWorkerOptions, max = 20, stopping: () => boolean = () => false): Promise<number> {
  await settleOwed(options.db);
  let done = 0;
  while (done < max && !stopping() && (await notifyNextPerson(options))) done++;
  return done;
}

/** Starts the loop (lib/jobs/loop.ts): every `pollMs`, at once again while there is more. */
export function startNotifyWorker(options: NotifyWorkerOptions): Loop {
  return startLoop({
    name: "notify",
    pass: (stopping) => runNotifyPass(options, 20, stopping),
    pollMs: options.pollMs ?? 5_000,
    log: options.log,
  });
}
