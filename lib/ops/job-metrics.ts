import { loopStats } from "../jobs/loop";
import type { QueueFigures } from "../jobs/waiting";
import type { Gauge } from "./metrics";

/** What waits in each queue, for every instance alike (read from the database at the scrape). */
export function queueGauges(queues: QueueFigures[]): Gauge[] {
  return [
    {
      name: "paydesk_jobs",
      help: "Background work by queue and state: due (the next pass takes it), held (a pass has it under a lease), later (scheduled or backing off).",
      samples: queues.flatMap((q) =>
        (["due", "held", "later"] as const).map((state) => ({ labels: { queue: q.queue, state }, value: q[state] })),
      ),
    },
    {
      name: "paydesk_jobs_retrying",
      help: "Background work tried before and not done (a failed attempt backing off, or a repeat after a crash), by queue.",
      samples: queues.map((q) => ({ labels: { queue: q.queue }, value: q.retrying })),
    },
    {
      name: "paydesk_jobs_oldest_due_seconds",
      help: "How long the longest-due item of each queue has been due and not taken, in seconds (0 when none is).",
      samples: queues.map((q) => ({ labels: { queue: q.queue }, value: q.oldestDueSeconds })),
    },
  ];
}

/** This process's loops (lib/jobs/loop.ts): counters since it started. */
export function loopGauges(now = Date.now()): Gauge[] {
  const loops = loopStats();
  return [
    {
      name: "paydesk_job_passes_total",
      help: "Passes this process's background loops made, by loop.",
      type: "counter",
      samples: loops.map((l) => ({ labels: { loop: l.name }, value: l.passes })),
    },
    {
      name: "paydesk_job_pass_failures_total",
      help: "Passes that failed (logged; the next pass tries again), by loop.",
      type: "counter",
      samples: loops.map((l) => ({ labels: { loop: l.name }, value: l.failures })),
    },
    {
      name: "paydesk_job_items_total",
      help: "Items the loop's passes took (requests checked, deliveries, lines, e-mails, statements), by loop.",
      type: "counter",
      samples: loops.map((l) => ({ labels: { loop: l.name }, value: l.taken })),
    },
    {
      name: "paydesk_job_last_pass_seconds",
      help: "Seconds since the loop's last pass ended in this process (a loop that stopped passing grows here).",
      samples: loops.map((l) => ({
        labels: { loop: l.name },
        value: l.lastPassEndedAt === null ? 0 : Math.round((now - l.lastPassEndedAt) / 1000),
      })),
    },
  ];
}
