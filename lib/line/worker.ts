import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { doubling, leaseEnd } from "../jobs/lease";
import { startLoop, type Loop } from "../jobs/loop";
import type { KeyVault } from "../merchants/key-vault";
import { lineChannelSecrets } from "./channel";
import { callLine, lineApi, type LineFailure } from "./client";
import { handleLineEvents } from "./events";
import { enqueueDueSummaries } from "./summary";
import { APPROVER_ROLES } from "../notify/outbox";
import { requestMessage, type RequestMessageKind } from "./messages";
import { toSatang } from "../money";

/**
 * The LINE loop: pushes what lib/line/outbox.ts wrote, at least once and never twice. Every
 * attempt of a row carries the row's retry key (`X-Line-Retry-Key`), so when a sender stops between
 * LINE's answer and the record of it, the next attempt is answered 409 "already accepted" and is
 * recorded as sent and as a repeat, and the person gets one message. A 429 or a 5xx sends nothing
 * and waits (1, 2, 4 … minutes, at most an hour; LINE gives no Retry-After); other refusals are
 * final. Before each push the row is checked still worth sending: a person still linked to that
 * LINE account, enabled and wanting the kind; a group still joined and given the kind; an approval
 * still waiting, a review still open.
 */
export interface LineWorkerOptions {
  db: Db;
  vault: KeyVault;
  /** LINE's Messaging API base (env lineApiBaseUrl); tests hand the stand-in's. */
  apiBaseUrl?: string;
  /** Where staff open PayDesk: the link page in link offers (events the webhook left unhandled are handled here). */
  consoleUrl: string;
  leaseMs?: number;
  pollMs?: number;
  maxAttempts?: number;
  batch?: number;
  /** The clock the daily summaries are due by (tests set it). */
  now?: () => Date;
  log?: (message: string) => void;
}

export const LINE_MAX_ATTEMPTS = 10;
const backoff = doubling({ firstMs: 60_000, maxMs: 3_600_000 });
export const lineRetryAfterMs = (attempts: number) => backoff(attempts)!;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

interface Leased {
  id: number;
  kind: string;
  toLineId: string;
  staffId: string | null;
  groupId: string | null;
  requestId: string | null;
  messages: unknown[] | null;
  retryKey: string;
  attempts: number;
}

async function lease(db: Db, leaseUntil: Date, batch: number): Promise<Leased[]> {
  const result = await db.execute(sql`
    with picked as (
      select id from line_messages
      where outcome is null and next_attempt_at <= now() and (lease_until is null or lease_until < now())
      order by next_attempt_at, id limit ${batch}
      for update skip locked)
    update line_messages m set lease_until = ${leaseUntil.toISOString()}::timestamptz, attempts = m.attempts + 1,
      unconfirmed_sends = m.unconfirmed_sends + (m.send_started_at is not null)::int, send_started_at = null
    from picked where m.id = picked.id
    returning m.id, m.kind, m.to_line_id, m.staff_id, m.group_id, m.request_id, m.messages, m.retry_key, m.attempts`);
  return rowsOf(result).map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    toLineId: String(r.to_line_id),
    staffId: r.staff_id === null ? null : String(r.staff_id),
    groupId: r.group_id === null ? null : String(r.group_id),
    requestId: r.request_id === null ? null : String(r.request_id),
    messages: (typeof r.messages === "string" ? JSON.parse(r.messages) : r.messages) as unknown[] | null,
    retryKey: String(r.retry_key),
    attempts: Number(r.attempts),
  }));
}

type SkipReason = "turned_off" | "unlinked" | "left" | "decided" | "no_channel" | "disabled";

/** Why a leased message is no longer worth sending, or null. */
async function whyNot(db: Db, message: Leased): Promise<SkipReason | null> {
  if (message.staffId) {
    const [person] = rowsOf(
      await db.execute(sql`
        select s.is_disabled, s.line_off, a.line_user_id from staff_users s
        left join line_accounts a on a.staff_id = s.id where s.id = ${message.staffId}`),
    );
    if (!person || person.is_disabled) return "disabled";
    if (person.line_user_id !== message.toLineId) return "unlinked";
    if (((person.line_off as string[] | null) ?? []).includes(message.kind)) return "turned_off";
  }
  if (message.groupId) {
    const [group] = rowsOf(await db.execute(sql`select left_at, kinds from line_groups where group_id = ${message.groupId}`));
    if (!group || group.left_at !== null) return "left";
    if (!((group.kinds as string[] | null) ?? []).includes(message.kind)) return "turned_off";
  }
  if (message.requestId && (message.kind === "approval.waiting" || message.kind === "request.needs_review")) {
    const [request] = rowsOf(await db.execute(sql`select status from payment_requests where id = ${message.requestId}`));
    const still = message.kind === "approval.waiting" ? "awaiting_approval" : "needs_review";
    if (!request || request.status !== still) return "decided";
  }
  return null;
}

/**
 * The words of news written by SQL (messages null): built from the request as it is and the
 * reader's language, and kept before the first attempt, so every attempt sends the same body.
 */
async function wordsOf(db: Db, message: Leased, consoleUrl: string): Promise<unknown[]> {
  if (message.messages) return message.messages;
  const [request] = rowsOf(
    await db.execute(sql`
      select r.id, r.kind, r.ref_id1, r.requested_amount, r.paid_amount, m.display_name,
        (select locale from staff_users where id = ${message.staffId}) as locale
      from payment_requests r join merchants m on m.id = r.merchant_id where r.id = ${message.requestId}`),
  );
  if (!request) throw new Error(`line message ${message.id}: its request ${message.requestId} is not there`);
  const kind = request.kind === "withdrawal" ? "withdrawal" : request.kind === "payout" ? "payout" : "payin";
  const told = {
    id: String(request.id),
    merchant: String(request.display_name),
    kind,
    refId1: String(request.ref_id1),
    // A paid Pay-In says what was paid; the rest, what was asked.
    amountSatang: toSatang(String(message.kind === "payin.paid_large" ? request.paid_amount : request.requested_amount)),
  } as const;
  const url = new URL(`/requests/${encodeURIComponent(told.id)}`, consoleUrl).href;
  const words = [requestMessage(message.kind as RequestMessageKind, told, request.locale === "en" ? "en" : "th", url)];
  await db.execute(sql`update line_messages set messages = ${JSON.stringify(words)}::jsonb where id = ${message.id} and messages is null`);
  const [kept] = rowsOf(await db.execute(sql`select messages from line_messages where id = ${message.id}`));
  return (typeof kept!.messages === "string" ? JSON.parse(kept!.messages) : kept!.messages) as unknown[];
}

async function record(db: Db, id: number, set: ReturnType<typeof sql>): Promise<void> {
  await db.execute(sql`update line_messages set ${set}, send_started_at = null, lease_until = null where id = ${id}`);
}

function failureText(failure: LineFailure): string {
  return failure.kind === "already_accepted" ? "already accepted" : `${failure.status ?? "no answer"}: ${failure.message}`;
}

/** One pass: pushes what is due; returns how many messages it took. */
export async function sendDueLineMessages(options: LineWorkerOptions, stopping: () => boolean = () => false): Promise<number> {
  const { db } = options;
  const batch = options.batch ?? 20;
  const leaseUntil = leaseEnd(options.leaseMs ?? 5 * 60_000);
  const channel = await lineChannelSecrets(db, options.vault);
  const api = channel ? lineApi(channel.accessToken, options.apiBaseUrl) : null;
  // Events stored and not handled half a minute on (the instance stopped, LINE was away) are handled first.
  if (api) await handleLineEvents(db, { api, consoleUrl: options.consoleUrl }, { olderThan: new Date(Date.now() - 30_000) });
  // The merchants' daily summaries that came due (lib/line/summary.ts).
  if (api) await enqueueDueSummaries(db, { consoleUrl: options.consoleUrl, approverRoles: APPROVER_ROLES, now: options.now?.() });
  const leased = await lease(db, leaseUntil, batch);
  if (leased.length === 0) return 0;
  for (const message of leased) {
    if (stopping()) {
      await db.execute(
        sql`update line_messages set lease_until = null, attempts = greatest(attempts - 1, 0) where id = ${message.id} and send_started_at is null`,
      );
      continue;
    }
    const reason = api ? await whyNot(db, message) : "no_channel";
    if (reason) {
      await record(db, message.id, sql`outcome = 'skipped', skip_reason = ${reason}`);
      continue;
    }
    const words = await wordsOf(db, message, options.consoleUrl);
    await db.execute(sql`update line_messages set send_started_at = now() where id = ${message.id}`);
    const sent = await callLine(() => api!.pushMessageWithHttpInfo({ to: message.toLineId, messages: words as never }, message.retryKey));
    if (sent.ok) {
      await record(
        db,
        message.id,
        sql`outcome = 'sent', sent_at = now(), line_request_id = ${sent.requestId}, last_status = 200, last_error = null`,
      );
    } else if (sent.failure.kind === "already_accepted") {
      await record(
        db,
        message.id,
        sql`outcome = 'sent', sent_at = coalesce(sent_at, now()), repeats = repeats + 1, line_request_id = coalesce(line_request_id, ${sent.failure.acceptedRequestId}), last_status = 409`,
      );
    } else if (sent.failure.kind === "unavailable" && message.attempts < (options.maxAttempts ?? LINE_MAX_ATTEMPTS)) {
      const next = new Date(Date.now() + lineRetryAfterMs(message.attempts));
      await record(
        db,
        message.id,
        sql`next_attempt_at = ${next.toISOString()}::timestamptz, last_status = ${sent.failure.status}, last_error = ${failureText(sent.failure)}`,
      );
      options.log?.(`line message ${message.id} not sent (${failureText(sent.failure)}); trying again at ${next.toISOString()}`);
    } else {
      await record(
        db,
        message.id,
        sql`outcome = 'failed', last_status = ${sent.failure.status}, last_error = ${failureText(sent.failure)}`,
      );
    }
  }
  return leased.length;
}

export function startLineWorker(options: LineWorkerOptions): Loop {
  return startLoop({
    name: "line",
    pollMs: options.pollMs ?? 2_000,
    fullBatch: options.batch ?? 20,
    pass: (stopping) => sendDueLineMessages(options, stopping),
    log: options.log,
  });
}
