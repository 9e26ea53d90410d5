import { CheckIcon } from "./svg-icon";

export interface CopyLabels {
  copy: string;
  copied: string;
  /** Without it a failed copy says nothing: the value is on the page, selectable by hand. */
  copyFailed?: string;
}

export type CopyState = "idle" | "copied" | "failed";

/**
 * A copy button's markup in each of its states, with no state of its own: the console's CopyButton
 * (copy-button.tsx) holds the state in React; the hosted checkout renders it on the server with the
 * value in `data-copy` and its own script (components/checkout/browser/) fills the live region
 * from CopyNote's markup. One markup, two ways of running it. `scale`: the console's small type, or
 * the customer pages' own (their few faces, app/customer.css).
 */
export function CopyButtonView({
  state,
  label,
  labels,
  describedBy,
  className,
  onClick,
  copyValue,
  scale = "console",
}: {
  state: CopyState;
  label?: string;
  labels: CopyLabels;
  describedBy?: string;
  className?: string;
  onClick?: () => void;
  copyValue?: string;
  scale?: "console" | "customer";
}) {
  const type = scale === "customer" ? { button: "text-base", note: "text-base" } : { button: "text-xs font-medium", note: "text-xs" };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={onClick}
        data-copy={copyValue}
        aria-label={label === undefined ? undefined : `${labels.copy}: ${label}`}
        aria-describedby={describedBy}
        className={
          className ??
          `rounded-md border border-slate-300 bg-white px-2 py-1 ${type.button} hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2`
        }
      >
        {labels.copy}
      </button>
      <span role="status" aria-live="polite" className={`${type.note} text-slate-700`}>
        <CopyNote state={state} labels={labels} />
      </span>
    </span>
  );
}

/** What the live region beside the button says in each state. */
export function CopyNote({ state, labels }: { state: CopyState; labels: CopyLabels }) {
  if (state === "copied")
    return (
      <span className="inline-flex items-center gap-1">
        <CheckIcon />
        {labels.copied}
      </span>
    );
  return state === "failed" ? <>{labels.copyFailed ?? ""}</> : null;
}
