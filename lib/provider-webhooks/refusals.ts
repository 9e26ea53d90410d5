import "server-only";
import { desc, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { executePrepared } from "../db/prepared";
import { webhookRefusals } from "../db/schema";

/**
 * Webhooks refused for their secret. Nothing of them is stored in the delivery log (they prove
 * nothing), but a burst of them is a security signal — someone guessing the secret, or a provider
 * still sending a rotated-out one — so staff see how many came lately and the last few: from
 * where, when, and what was wrong. Never the secret that was sent. Bounded whatever the flood: the
 * last KEPT refusals in detail, and a count per minute for the last day.
 */
export const REFUSAL_PROBLEMS = ["missing", "unknown", "other_merchant"] as const;
export type RefusalProblem = (typeof REFUSAL_PROBLEMS)[number];

const KEPT = 50;

export async function recordRefusal(db: Db, refusal: { ip: string | null; header: string; problem: RefusalProblem }): Promise<void> {
  await executePrepared(
    db,
    sql`
    with added as (
      insert into webhook_refusals (ip, header, problem) values (${refusal.ip}, ${refusal.header}, ${refusal.problem})
      returning id),
    counted as (
      insert into webhook_refusal_minutes (minute, refusals) values (date_trunc('minute', now()), 1)
      on conflict (minute) do update set refusals = webhook_refusal_minutes.refusals + 1
      returning minute),
    pruned as (delete from webhook_refusals where id <= (select id from added) - ${KEPT} returning id),
    expired as (delete from webhook_refusal_minutes where minute < now() - interval '25 hours' returning minute)
    select id from added`,
  );
}

export interface RefusalSummary {
  lastHour: number;
  lastDay: number;
  recent: Array<{ id: number; at: Date; ip: string | null; header: string; problem: RefusalProblem }>;
}

export async function summarizeRefusals(db: Db, recentCount = 10): Promise<RefusalSummary> {
  const [counts, recent] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(refusals) filter (where minute >= date_trunc('minute', now() - interval '1 hour')), 0)::int as "lastHour",
             coalesce(sum(refusals) filter (where minute >= date_trunc('minute', now() - interval '24 hours')), 0)::int as "lastDay"
      from webhook_refusal_minutes`),
    db.select().from(webhookRefusals).orderBy(desc(webhookRefusals.id)).limit(recentCount),
  ]);
  const [row] = (counts as unknown as { rows: Array<{ lastHour: number | string; lastDay: number | string }> }).rows;
  return {
    lastHour: Number(row?.lastHour ?? 0),
    lastDay: Number(row?.lastDay ?? 0),
    recent: recent.map((r) => ({ ...r, problem: r.problem as RefusalProblem })),
  };
}
