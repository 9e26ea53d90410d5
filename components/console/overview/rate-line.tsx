/** The overview's line of rates, drawn on the server as SVG like its bar charts (./charts.tsx). */
import { useId } from "react";
import { WIDTH, HEIGHT, PAD, AxisLabels, ChartFrame } from "./charts";

/** A line of rates (0–1) over the periods; gaps where a period had nothing to rate. */
export function RateLine({
  title,
  summary,
  tableTitle,
  whenHeader,
  valueHeader,
  points,
  format,
  testId,
}: {
  title: string;
  summary: string;
  tableTitle: string;
  whenHeader: string;
  valueHeader: string;
  points: Array<{ label: string; name: string; value: number | null }>;
  format: (value: number) => string;
  testId: string;
}) {
  const id = useId();
  const inner = { w: WIDTH - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const step = inner.w / Math.max(1, points.length);
  const xy = (i: number, v: number) => [PAD.left + step * (i + 0.5), PAD.top + (1 - v) * inner.h] as const;
  // One line through every period that has a rate: a period with nothing to rate is skipped, not a
  // break, so two or more rates always read as a line. Each rate is also a dot.
  const drawn = points.flatMap((p, i) => (p.value === null ? [] : [xy(i, p.value)]));
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
              <th scope="col" className="py-1 pr-3 text-right">
                {valueHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.name} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {p.name}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{p.value === null ? "—" : format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <div className="relative">
        {/* The scale's values, unscaled for the same reason as the periods' (AxisLabels). */}
        <svg aria-hidden="true" className="pointer-events-none absolute inset-0 h-full w-full overflow-visible">
          {[0, 0.5, 1].map((v) => (
            <text
              key={v}
              data-axis-label=""
              x="100%"
              y={`${(xy(0, v)[1] / HEIGHT) * 100}%`}
              dy="-4"
              textAnchor="end"
              fontSize="12"
              fill="#334155"
            >
              {format(v)}
            </text>
          ))}
        </svg>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={title} data-testid={testId}>
          {[0, 0.5, 1].map((v) => (
            <line key={v} x1={PAD.left} x2={WIDTH - PAD.right} y1={xy(0, v)[1]} y2={xy(0, v)[1]} stroke="#cbd5e1" strokeDasharray="4 4" />
          ))}
          {drawn.length > 1 && (
            <polyline
              points={drawn.map(([x, y]) => `${x},${y}`).join(" ")}
              fill="none"
              stroke="#047857"
              strokeWidth="2.5"
              data-testid={`${testId}-line`}
            />
          )}
          {drawn.map(([x, y]) => (
            <circle key={`${x}`} cx={x} cy={y} r="3.5" fill="#047857" />
          ))}
        </svg>
      </div>
      <AxisLabels labels={points.map((p) => p.label)} at={(i) => xy(i, 0)[0]} />
    </ChartFrame>
  );
}
