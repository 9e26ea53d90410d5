import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The one layout of the settings detail pages (a merchant, its API keys, a person, a webhook
 * endpoint): back to the list the page was opened from, the thing's name as the page's heading,
 * then what the page says about it; below, `SettingsSection` cards.
 */
export function SettingsDetailHead({
  back,
  backLabel,
  title,
  titleClassName = "text-2xl",
  children,
}: {
  back: string;
  backLabel: string;
  title: ReactNode;
  /** The heading's size: an endpoint's URL is long, so it is set smaller and may break anywhere. */
  titleClassName?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="text-sm">
        <Link href={back} className="text-brand-dark underline">
          ← {backLabel}
        </Link>
      </p>
      <h1 className={`mt-2 font-semibold ${titleClassName}`}>{title}</h1>
      {children}
    </>
  );
}

/**
 * One card of a settings detail page, named by its heading (`<id>-heading`, which tests and
 * screen readers find it by), with an optional sentence of what it does, then its form.
 */
export function SettingsSection({
  id,
  title,
  intro,
  wide = false,
  bodyClassName = "mt-4",
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  /** Both columns of a two-column grid. */
  wide?: boolean;
  /** The body's spacing and width (a form reads best at max-w-2xl). */
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`rounded-lg border border-slate-200 bg-white p-5${wide ? " lg:col-span-2" : ""}`}>
      <h2 id={`${id}-heading`} className="text-lg font-medium">
        {title}
      </h2>
      {intro && <p className="mt-1 max-w-3xl text-sm text-slate-700">{intro}</p>}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}
