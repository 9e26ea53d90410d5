import type { ReactNode } from "react";
import type { LoopStats } from "@/lib/jobs/loop";
import type { QueueFigures } from "@/lib/jobs/waiting";
import { queueLabel, spanOf, type JobsWords } from "./jobs-messages";

const cell = "px-3 py-2 text-right tabular-nums";

/** A table of named rows and figures: the first column names the row, the others are numbers. */
function FiguresTable(props: {
  caption: string;
  testId: string;
  headings: string[];
  rows: Array<{ key: string; attribute: Record<string, string>; name: string; cells: Array<{ value: ReactNode; strong?: boolean }> }>;
}) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid={props.testId}>
        <caption className="sr-only">{props.caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {props.headings.map((heading, i) => (
              <th key={heading} scope="col" className={`px-3 py-2 font-medium ${i === 0 ? "text-left" : "text-right"}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {props.rows.map((row) => (
            <tr key={row.key} {...row.attribute}>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {row.name}
              </th>
              {row.cells.map((c, i) => (
                <td key={i} className={`${cell} ${c.strong ? "font-medium text-red-800" : ""}`}>
                  {c.value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What waits in each queue (every instance alike). */
export function QueuesTable({ queues, t }: { queues: QueueFigures[]; t: JobsWords }) {
  return (
    <FiguresTable
      caption={t.queuesCaption}
      testId="job-queues"
      headings={[t.queue, t.due, t.held, t.later, t.retrying, t.oldest]}
      rows={queues.map((q) => ({
        key: q.queue,
        attribute: { "data-queue": q.queue },
        name: queueLabel(t, q.queue),
        cells: [q.due, q.held, q.later, q.retrying, q.due > 0 ? spanOf(t, q.oldestDueSeconds) : t.none].map((value) => ({ value })),
      }))}
    />
  );
}

/** This process's loops: passes, failures and items since it started. */
export function LoopsTable({ loops, t, now }: { loops: LoopStats[]; t: JobsWords; now: number }) {
  if (loops.length === 0) return <p className="mt-4 text-sm text-slate-600">{t.notStarted}</p>;
  const lastPass = (l: LoopStats) =>
    l.running
      ? t.running
      : l.lastPassEndedAt === null
        ? t.never
        : t.ago(spanOf(t, Math.max(0, Math.round((now - l.lastPassEndedAt) / 1000))));
  return (
    <FiguresTable
      caption={t.loopsTitle}
      testId="job-loops"
      headings={[t.loop, t.passes, t.failures, t.items, t.lastPass]}
      rows={loops.map((l) => ({
        key: l.name,
        attribute: { "data-loop": l.name },
        name: queueLabel(t, l.name),
        cells: [{ value: l.passes }, { value: l.failures, strong: l.failures > 0 }, { value: l.taken }, { value: lastPass(l) }],
      }))}
    />
  );
}
