import "server-only";
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { lineMessages, type LineMessageKind } from "../db/schema";

export interface LineMessageToSend {
  kind: LineMessageKind;
  /** What makes it one message: the same key written twice is one row (a repeated event, a retried transaction). */
  dedupeKey: string;
  toLineId: string;
  staffId?: string | null;
  groupId?: string | null;
  requestId?: string | null;
  merchantId?: string | null;
  messages: unknown[];
}

/**
 * Writes LINE messages to send, in the caller's transaction (the change they tell of), each with
 * the retry key every attempt will carry. Returns how many were new.
 */
export async function enqueueLineMessages(db: Db, messages: LineMessageToSend[]): Promise<number> {
  if (messages.length === 0) return 0;
  const written = await db
    .insert(lineMessages)
    .values(
      messages.map((message) => ({
        kind: message.kind,
        dedupeKey: message.dedupeKey,
        toLineId: message.toLineId,
        staffId: message.staffId ?? null,
        groupId: message.groupId ?? null,
        requestId: message.requestId ?? null,
        merchantId: message.merchantId ?? null,
        messages: message.messages,
        retryKey: randomUUID(),
      })),
    )
    .onConflictDoNothing({ target: lineMessages.dedupeKey })
    .returning({ id: lineMessages.id });
  return written.length;
}

/**
 * The LINE side of staff news written by SQL with the change itself (lib/notify/outbox.ts): for
 * each person told (`news`: a CTE of the `staff_notifications` rows just written, with `kind`,
 * `staff_id`, `request_id`) who has linked LINE, a message to them; and for the request (`requestId`)
 * a message to each LINE group of its merchant given `kind`. The words are built before the first
 * attempt (lib/line/worker.ts), from the request and the reader's language.
 */
export function lineNewsInsert(kind: string, news: SQL, requestId: SQL): SQL {
  return sql`insert into line_messages (kind, dedupe_key, to_line_id, staff_id, group_id, request_id, merchant_id, retry_key)
    select n.kind, n.kind || ':' || n.request_id || ':' || a.line_user_id, a.line_user_id, n.staff_id, null, n.request_id, r.merchant_id, gen_random_uuid()
    from ${news} n join line_accounts a on a.staff_id = n.staff_id join payment_requests r on r.id = n.request_id
    union all
    select ${kind}, ${kind} || ':' || r.id || ':' || g.group_id, g.group_id, null, g.group_id, r.id, r.merchant_id, gen_random_uuid()
    from payment_requests r join line_groups g on g.merchant_id = r.merchant_id and g.left_at is null and ${kind} = any(g.kinds)
    where r.id = (${requestId})
    on conflict (dedupe_key) do nothing`;
}

/**
 * A Pay-In paid at or above its merchant's LINE threshold (`merchants.line_paid_threshold`), as a
 * CTE of the apply statement that made it paid (lib/requests/apply.ts): to each person who may
 * approve money out for the merchant and linked LINE, and each group of the merchant given the kind.
 * `paid` is the amount now paid, as numeric text.
 */
export function linePaidInsert(paid: string, approverRoles: readonly string[], target: SQL = sql.raw("target")): SQL {
  const kind = "payin.paid_large";
  const roles = sql.join(
    approverRoles.map((role) => sql`${role}`),
    sql`, `,
  );
  return sql`insert into line_messages (kind, dedupe_key, to_line_id, staff_id, group_id, request_id, merchant_id, retry_key)
    select ${kind}, ${kind} || ':' || t.id || ':' || a.line_user_id, a.line_user_id, s.id, null, t.id, t.merchant_id, gen_random_uuid()
    from ${target} t join merchants m on m.id = t.merchant_id
    join staff_users s on not s.is_disabled and s.role in (${roles}) and (s.merchant_ids is null or t.merchant_id = any(s.merchant_ids))
    join line_accounts a on a.staff_id = s.id
    where m.line_paid_threshold is not null and ${paid}::numeric >= m.line_paid_threshold
    union all
    select ${kind}, ${kind} || ':' || t.id || ':' || g.group_id, g.group_id, null, g.group_id, t.id, t.merchant_id, gen_random_uuid()
    from ${target} t join merchants m on m.id = t.merchant_id
    join line_groups g on g.merchant_id = t.merchant_id and g.left_at is null and ${kind} = any(g.kinds)
    where m.line_paid_threshold is not null and ${paid}::numeric >= m.line_paid_threshold
    on conflict (dedupe_key) do nothing`;
}
