import Link from "next/link";
import { formatDateTime, type Locale } from "@/lib/i18n";
import type { TimelineEntry } from "@/lib/requests/queries";
import { slipImagePath, slipMessages } from "./slip-messages";

/**
 * A slip upload on a request's timeline: its thumbnail, linking to the slip's own page (full size,
 * beside the request, with the decision), and its reference (the note is one of the entry's own
 * lines); a decision links to the same page. The pictures come from PayDesk with the staff session.
 * Entries recorded before slips were kept have no slip id and show nothing here.
 */
export function SlipEntry({ entry, locale }: { entry: TimelineEntry; locale: Locale }) {
  const data = (entry.data ?? {}) as { slipId?: unknown; reference?: unknown };
  if (typeof data.slipId !== "string") return null;
  const t = slipMessages(locale);
  if (entry.type === "slip_decided")
    return (
      <p className="mt-1">
        <Link href={`/slips/${data.slipId}`} className="text-brand-dark underline" data-testid="slip-decided-link">
          {t.openSlip}
        </Link>
      </p>
    );
  if (entry.type !== "slip_uploaded") return null;
  const reference = typeof data.reference === "string" && data.reference ? data.reference : null;
  return (
    <figure className="mt-2 flex flex-wrap items-start gap-3" data-testid="slip-entry" data-slip-id={data.slipId}>
      <Link
        href={`/slips/${data.slipId}`}
        className="block rounded border border-slate-200 hover:border-brand"
        data-testid="slip-full-size"
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a private picture behind the staff session: next/image's optimiser would fetch it without one */}
        <img
          src={slipImagePath(data.slipId, "thumbnail")}
          alt={t.thumbnailAlt(formatDateTime(entry.at, locale), reference)}
          className="h-32 w-auto max-w-40 object-contain"
          loading="lazy"
        />
        <span className="sr-only"> {t.openSlip}</span>
      </Link>
      <figcaption className="text-slate-700">
        {t.reference}: <span className="font-mono">{reference ?? t.noReference}</span>
      </figcaption>
    </figure>
  );
}
