/**
 * The console's buttons, one look each, for <button> and for a link that reads as one. The primary
 * is the dark brand (white on #115e59 is well above 4.5:1), the secondary a white button whose
 * border keeps 3:1 against the page; focus shows a ring for keyboard users only.
 */
const BASE =
  "rounded-md font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/50 focus-visible:ring-offset-2 disabled:opacity-60";

export const primaryButtonClass = `${BASE} bg-brand-dark px-4 py-2 text-sm text-white hover:bg-brand`;
export const secondaryButtonClass = `${BASE} border border-slate-400 bg-white px-3 py-2 text-sm text-slate-800 hover:bg-slate-100`;
export const dangerButtonClass = `${BASE} bg-red-700 px-4 py-2 text-sm text-white hover:bg-red-800`;
/** A primary button beside a row of filters: as tall as the inputs around it. */
export const compactButtonClass = `${BASE} bg-brand-dark px-3 py-1.5 text-sm text-white hover:bg-brand`;

const LOOKS = { primary: primaryButtonClass, danger: dangerButtonClass, plain: secondaryButtonClass } as const;

/** A form's submit button: disabled, and saying so in words, while the form is being sent. */
export function SubmitButton({
  label,
  pendingLabel,
  isPending,
  variant = "primary",
  className,
}: {
  label: string;
  pendingLabel: string;
  isPending: boolean;
  variant?: keyof typeof LOOKS;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={isPending}
      aria-disabled={isPending}
      className={className ? `${LOOKS[variant]} ${className}` : LOOKS[variant]}
    >
      {isPending ? pendingLabel : label}
    </button>
  );
}
