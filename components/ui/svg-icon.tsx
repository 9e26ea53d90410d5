/**
 * One small inline SVG icon, sized by the text around it (1em): no utility classes, which the
 * customer's small stylesheet would have to carry. Decorative: the words beside it carry the meaning.
 */
export function SvgIcon({ name, d }: { name: string; d: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      <path d={d} />
    </svg>
  );
}

export const CHECK_PATH = "M4 10.5 8 14.5 16 5.5";

/** The copy buttons' tick on its own: the checkout draws no other icon, so a phone gets no other icon's path. */
export function CheckIcon() {
  return <SvgIcon name="check" d={CHECK_PATH} />;
}
