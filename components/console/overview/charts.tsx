import { useId } from "react";

/**
 * The overview's charts, drawn on the server as SVG: no chart library and no script reach the
 * browser. Each chart is a figure with a name, a sentence saying what it shows, and its numbers as
 * a table (for screen readers and for copying). Colours pass contrast and never carry meaning
 * alone: the second series is hatched and the legend and table name both.
 */

export interface BarGroup {
  /** Under the bar (e.g. "14" or "09:00"). */
  label: string;
  /** The whole name, read out and shown in the table (e.g. "14 Nov 2026"). */
  name: string;
  /** The request list for this bar's period. */
  href: string;
  values: number[];
}

export interface Series {
  name: string;
  format: (value: number) => string;
}

export const WIDTH = 720;
export const HEIGHT = 200;
export const PAD = { top: 12, right: 8, bottom: 4, left: 8 };
export const FILLS = ["#1d4ed8", "url(#hatch)"] as const;

/**
 * The periods under a chart, in an SVG of their own that is not scaled: the chart's own text shrank
 * with it (on a phone 720 units are ~350 px, so 11 units drew 5 px letters), these stay 12 px. Placed
 * by percentages of its width (no style attributes: the console's CSP refuses them). At most ~12 of
 * them, and half of those on a phone, so they never run into each other.
 */
export function AxisLabels({ labels, at }: { labels: string[]; at: (i: number) => number }) {
  const every = Math.ceil(labels.length / 12);
  return (
    <svg aria-hidden="true" width="100%" height="18" className="block overflow-visible" data-testid="axis-labels">
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text
            key={i}
            data-axis-label=""
            x={`${(at(i) / WIDTH) * 100}%`}
            y="13"
            textAnchor="middle"
            fontSize="12"
            fill="#334155"
            className={i % (every * 2) === 0 ? undefined : "max-sm:hidden"}
          >
            {label}
          </text>
        ) : null,
      )}
    </svg>
  );
}

export function ChartFrame({
  id,
  title,
  summary,
  children,
  table,
  tableTitle,
}: {
  id: string;
  title: string;
  summary: string;
  children: React.ReactNode;
  table: React.ReactNode;
  tableTitle: string;
}) {
  return (
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      <p id={`${id}-summary`} className="mt-1 text-sm text-slate-700">
        {summary}
      </p>
      <div className="mt-3">{children}</div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-brand-dark underline">{tableTitle}</summary>
        <div className="mt-2 max-h-80 overflow-auto">{table}</div>
      </details>
    </figure>
  );
}

/** Grouped bars, one group per period; each group links to the request list for that period. */
export function BarChart({
  title,
  summary,
  tableTitle,
  whenHeader,
  series,
  groups,
  testId,
}: {
  title: string;
  summary: string;
  tableTitle: string;
  whenHeader: string;
  series: Series[];
  groups: BarGroup[];
  testId: string;
}) {
  const id = useId();
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const inner = { w: WIDTH - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const slot = inner.w / Math.max(1, groups.length);
  const barWidth = Math.max(1, (slot * 0.8) / series.length);
  return (
    <ChartFrame
      id={id}
      title={title}
      summary={summary}
      tableTitle={tableTitle}
      table={
        <table className="w-full text-left" data-testid={`${testId}-table`}>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3">
                {whenHeader}
              </th>
              {series.map((s) => (
                <th key={s.name} scope="col" className="py-1 pr-3 text-right">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.name} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">
                  <a href={g.href} className="underline">
                    {g.name}
                  </a>
                </th>
                {g.values.map((v, i) => (
                  <td key={series[i]!.name} className="py-1 pr-3 text-right tabular-nums">
                    {series[i]!.format(v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ul className="mb-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {series.map((s, i) => (
          <li key={s.name} className="flex items-center gap-2">
            <svg width="14" height="14" viewBox="0 0 14 14">
              <defs>
                <pattern id={`${id}-legend-hatch`} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                  <rect width="4" height="4" fill="#fde68a" />
                  <line x1="0" y1="0" x2="0" y2="4" stroke="#92400e" strokeWidth="2" />
                </pattern>
              </defs>
              <rect width="14" height="14" fill={i === 0 ? FILLS[0] : `url(#${id}-legend-hatch)`} stroke="#334155" />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="group" aria-label={title} data-testid={testId}>
        <defs>
          <pattern id={`${id}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#fde68a" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#92400e" strokeWidth="3" />
          </pattern>
        </defs>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} stroke="#475569" />
        {groups.map((g, gi) => {
          const x0 = PAD.left + gi * slot + slot * 0.1;
          const label = `${g.name}: ${g.values.map((v, i) => `${series[i]!.name} ${series[i]!.format(v)}`).join(", ")}`;
          return (
            <a key={g.name} href={g.href} aria-label={label} data-testid={`${testId}-bar`}>
              <title>{label}</title>
              {/* The whole slot is the link's target, so a small bar is as easy to click as a tall one. */}
              <rect x={PAD.left + gi * slot} y={PAD.top} width={slot} height={inner.h} fill="transparent" />
              {g.values.map((v, i) => {
                const h = (v / max) * inner.h;
                return (
                  <rect
                    key={i}
                    x={x0 + i * barWidth}
                    y={HEIGHT - PAD.bottom - h}
                    width={barWidth}
                    height={h}
                    fill={i === 0 ? FILLS[0] : `url(#${id}-hatch)`}
                    stroke={i === 0 ? undefined : "#92400e"}
                    strokeWidth={i === 0 ? undefined : 0.5}
                  />
                );
              })}
            </a>
          );
        })}
      </svg>
      <AxisLabels labels={groups.map((g) => g.label)} at={(i) => PAD.left + i * slot + slot / 2} />
    </ChartFrame>
  );
}
