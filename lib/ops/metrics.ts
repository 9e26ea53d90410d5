import "server-only";
import { and, count, gt, inArray, lt, max, min } from "drizzle-orm";
import type { Db } from "../db";
import { outboundDeliveries, paymentRequests, providerCalls, webhookDeliveries } from "../db/schema";
import { isDatabaseUnreachable } from "../db/unreachable";
import { openStreamCount } from "../live/sse";
import { STATES, TERMINAL } from "../requests/lifecycle";
import { isShuttingDown } from "../shutdown";
import { queueGauges, loopGauges } from "./job-metrics";
import { whatWaits } from "../jobs/waiting";

/**
 * PayDesk's own figures for `/api/metrics` (docs/DESIGN.md §6.6), read at each scrape and rendered
 * with the rest of the process's registry (./prometheus.ts: Node's figures, the routes' and the
 * actions' counters and histograms). Two kinds:
 * - the money's state, read from the database at each scrape, so every instance reports the same
 *   values (alert on one instance's, or on `max`): requests still open, reconciliation falling
 *   behind, webhooks by verdict, the outbound queue, the provider budget's use by lane, what waits
 *   in each background queue;
 * - this process's own: event streams held, whether it is stopping, its loops' passes.
 * The money's figures are gauges: a scrape never depends on what an earlier one saw, and a restart
 * resets nothing.
 */
export interface Gauge {
  name: string;
  /** A gauge unless said (a loop's passes: a counter, set to its total at the scrape). */
  type?: "gauge" | "counter";
  help: string;
  samples: Array<{ labels?: Record<string, string>; value: number }>;
}

/** A request is "behind" when its provider check is this overdue: the loop polls every few seconds. */
const BEHIND_MS = 60_000;
/** Named, not "not final": each is a range of the status index (payment_requests_open_idx), however many requests have ended. */
const OPEN_STATES = STATES.filter((state) => !TERMINAL.has(state));

/**
 * Every figure, or while the database does not answer, the process's own and
 * `paydesk_database_up 0`: a scrape then still says what is wrong instead of failing.
 */
export async function collectMetrics(db: () => Promise<Db>, now = new Date()): Promise<Gauge[]> {
  const up = (value: number): Gauge => ({
    name: "paydesk_database_up",
    help: "1 while the database answers, 0 while it does not.",
    samples: [{ value }],
  });
  try {
    return [up(1), ...(await moneyGauges(await db(), now)), ...processGauges()];
  } catch (error) {
    if (!isDatabaseUnreachable(error)) throw error;
    return [up(0), ...processGauges()];
  }
}

async function moneyGauges(db: Db, now: Date): Promise<Gauge[]> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const open = inArray(paymentRequests.status, OPEN_STATES);
  const [openRows, [behind], verdicts, outbound, lanes, queues] = await Promise.all([
    db
      .select({ kind: paymentRequests.kind, status: paymentRequests.status, n: count() })
      .from(paymentRequests)
      .where(open)
      .groupBy(paymentRequests.kind, paymentRequests.status),
    db
      .select({ n: count(), oldest: min(paymentRequests.nextCheckAt) })
      .from(paymentRequests)
      .where(and(open, lt(paymentRequests.nextCheckAt, ago(BEHIND_MS)))),
    db
      .select({ verdict: webhookDeliveries.verdict, n: count() })
      .from(webhookDeliveries)
      .where(gt(webhookDeliveries.receivedAt, ago(86_400_000)))
      .groupBy(webhookDeliveries.verdict),
    db
      .select({ status: outboundDeliveries.status, n: count(), oldest: min(outboundDeliveries.createdAt) })
      .from(outboundDeliveries)
      .where(inArray(outboundDeliveries.status, ["pending", "failed"]))
      .groupBy(outboundDeliveries.status),
    db
      .select({ lane: providerCalls.lane, n: count(), waited: max(providerCalls.waitedMs) })
      .from(providerCalls)
      .where(gt(providerCalls.at, ago(3_600_000)))
      .groupBy(providerCalls.lane),
    whatWaits(db),
  ]);
  const pending = outbound.find((row) => row.status === "pending");
  const seconds = (since: Date | string | null | undefined) =>
    since ? Math.max(0, (now.getTime() - new Date(since).getTime()) / 1000) : 0;
  return [
    {
      name: "paydesk_requests_open",
      help: "Payment requests not yet in a final state, by kind and state.",
      samples: openRows.map((row) => ({ labels: { kind: row.kind, status: row.status }, value: row.n })),
    },
    {
      name: "paydesk_reconcile_behind",
      help: `Open requests whose provider check is more than ${BEHIND_MS / 1000} s overdue (reconciliation is falling behind or stopped).`,
      samples: [{ value: behind?.n ?? 0 }],
    },
    {
      name: "paydesk_reconcile_behind_oldest_seconds",
      help: "How overdue the most overdue provider check is, in seconds (0 when none is behind).",
      samples: [{ value: seconds(behind?.oldest) }],
    },
    {
      name: "paydesk_webhooks_received_24h",
      help: "Provider webhooks received in the last 24 hours, by verdict.",
      samples: verdicts.map((row) => ({ labels: { verdict: row.verdict }, value: row.n })),
    },
    {
      name: "paydesk_outbound_deliveries",
      help: "Outbound webhook deliveries waiting to be sent (pending) or given up on (failed, kept for the log's retention).",
      samples: ["pending", "failed"].map((status) => ({
        labels: { status },
        value: outbound.find((row) => row.status === status)?.n ?? 0,
      })),
    },
    {
      name: "paydesk_outbound_oldest_pending_seconds",
      help: "Age of the oldest outbound delivery still waiting, in seconds (0 when none is).",
      samples: [{ value: seconds(pending?.oldest) }],
    },
    {
      name: "paydesk_provider_calls_1h",
      help: "Calls to the provider in the last hour, by lane of its budget (all instances).",
      samples: lanes.map((row) => ({ labels: { lane: row.lane ?? "unknown" }, value: row.n })),
    },
    {
      name: "paydesk_provider_wait_max_ms_1h",
      help: "Longest wait for a slot of the provider's budget in the last hour, by lane, in milliseconds.",
      samples: lanes.map((row) => ({ labels: { lane: row.lane ?? "unknown" }, value: row.waited ?? 0 })),
    },
    ...queueGauges(queues),
  ];
}

function processGauges(): Gauge[] {
  return [...ownGauges(), ...loopGauges()];
}

/** What only PayDesk knows of this process; Node's own figures (memory, CPU, event-loop lag) are prom-client's (./prometheus.ts). */
function ownGauges(): Gauge[] {
  return [
    {
      name: "paydesk_event_streams_open",
      help: "Event streams (checkouts, console pages) this process holds open.",
      samples: [{ value: openStreamCount() }],
    },
    {
      name: "paydesk_stopping",
      help: "1 once this process was told to stop (it finishes what it holds, then exits).",
      samples: [{ value: isShuttingDown() ? 1 : 0 }],
    },
  ];
}
