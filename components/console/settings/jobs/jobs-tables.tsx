import type { LoopStats } from "@/lib/jobs/loop";
import type { QueueFigures } from "@/lib/jobs/waiting";
import { queueLabel, spanOf, type JobsWords } from "./jobs-messages";

const cell = "px-3 py-2 text-right tabular-nums";
const head = "px-3 py-2 text-right font-medium";

/** What waits in each queue (every instance alike). */
export function QueuesTable({ queues, t }: { queues: QueueFigures[]; t: JobsWords }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="job-queues">
        <caption className="sr-only">{t.queuesCaption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t.queue}
            </th>
            <th scope="col" className={head}>
              {t.due}
            </th>
            <th scope="col" className={head}>
              {t.held}
            </th>
            <th scope="col" className={head}>
              {t.later}
            </th>
            <th scope="col" className={head}>
              {t.retrying}
            </th>
            <th scope="col" className={head}>
              {t.oldest}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {queues.map((q) => (
            <tr key={q.queue} data-queue={q.queue}>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {queueLabel(t, q.queue)}
              </th>
              <td className={cell}>{q.due}</td>
              <td className={cell}>{q.held}</td>
              <td className={cell}>{q.later}</td>
              <td className={cell}>{q.retrying}</td>
              <td className={cell}>{q.due > 0 ? spanOf(t, q.oldestDueSeconds) : t.none}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** This process's loops: passes, failures and items since it started. */
export function LoopsTable({ loops, t, now }: { loops: LoopStats[]; t: JobsWords; now: number }) {
  if (loops.length === 0) return <p className="mt-4 text-sm text-slate-600">{t.notStarted}</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="job-loops">
        <caption className="sr-only">{t.loopsTitle}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t.loop}
            </th>
            <th scope="col" className={head}>
              {t.passes}
            </th>
            <th scope="col" className={head}>
              {t.failures}
            </th>
            <th scope="col" className={head}>
              {t.items}
            </th>
            <th scope="col" className={head}>
              {t.lastPass}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loops.map((l) => (
            <tr key={l.name} data-loop={l.name}>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {queueLabel(t, l.name)}
              </th>
              <td className={cell}>{l.passes}</td>
              <td className={`${cell} ${l.failures > 0 ? "font-medium text-red-800" : ""}`}>{l.failures}</td>
              <td className={cell}>{l.taken}</td>
              <td className={cell}>
                {l.running
                  ? t.running
                  : l.lastPassEndedAt === null
                    ? t.never
                    : t.ago(spanOf(t, Math.max(0, Math.round((now - l.lastPassEndedAt) / 1000))))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
