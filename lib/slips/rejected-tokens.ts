import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Slip-link tokens the provider rejected (TOKEN_INVALID, NOTFOUND, UUID_INVALID: docs/provider-facts.md
 * §3.4), remembered in the database for a while, so a bad link opened again — on any instance —
 * is refused without spending the provider's budget. A token never turns good later: the provider
 * issues it with the request.
 */
export const REJECTED_TOKEN_MEMORY_MS = 10 * 60_000;

const keyOf = (link: { orgId: string; paymentRequestId: string; token: string }) =>
  `${link.orgId}:${link.paymentRequestId.toLowerCase()}:${link.token.toLowerCase()}`;

export async function wasRejected(
  db: Db,
  link: { orgId: string; paymentRequestId: string; token: string },
  now = new Date(),
): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from rejected_slip_tokens where key = ${keyOf(link)} and until > ${now.toISOString()}::timestamptz`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function rememberRejected(
  db: Db,
  link: { orgId: string; paymentRequestId: string; token: string },
  now = new Date(),
): Promise<void> {
  const until = new Date(now.getTime() + REJECTED_TOKEN_MEMORY_MS).toISOString();
  await db.execute(
    sql`insert into rejected_slip_tokens (key, until) values (${keyOf(link)}, ${until}::timestamptz) on conflict (key) do update set until = excluded.until`,
  );
  // Now and then, forget what is long over.
  if (Math.random() < 0.01) await db.execute(sql`delete from rejected_slip_tokens where until < ${now.toISOString()}::timestamptz`);
}
