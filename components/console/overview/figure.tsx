import Link from "next/link";

/** One figure of the overview: its value (a link to the list behind it, when the viewer may open it), net of fees, a note, and the period before. */
export function Figure({
  label,
  value,
  note,
  before,
  href,
  linkText,
  testId,
  net,
}: {
  label: string;
  value: string;
  /** Gross's other side: the provider's fees and what the wallet moved by. */
  net?: string;
  note?: string;
  before?: string;
  /** The list behind the figure; none when the viewer may not open it. */
  href?: string;
  linkText: string;
  testId: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1">
        {href ? (
          <Link href={href} className="text-lg font-semibold tabular-nums text-brand-dark hover:underline" data-testid={`${testId}-value`}>
            {value}
            <span className="sr-only"> — {linkText}</span>
          </Link>
        ) : (
          <span className="text-lg font-semibold tabular-nums text-slate-900" data-testid={`${testId}-value`}>
            {value}
          </span>
        )}
        {net && (
          <p className="mt-1 text-sm text-slate-700 tabular-nums" data-testid={`${testId}-net`}>
            {net}
          </p>
        )}
        {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
        {before && (
          <p className="mt-1 text-xs text-slate-600" data-testid={`${testId}-before`}>
            {before}
          </p>
        )}
      </dd>
    </div>
  );
}
