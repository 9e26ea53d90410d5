import Link from "next/link";
import type { Locale } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";
import type { DeliveryStatus } from "@/lib/outbound-webhooks/log";
import { eventTypeMessages, outboundMessages } from "../settings/webhooks/outbound-messages";

export interface OutboundEventListing {
  eventId: string;
  type: string;
  createdAt: Date;
  deliveries: { id: number; endpointUrl: string; status: DeliveryStatus; attempts: number }[];
}

const LOOK = { pending: "text-amber-800", delivered: "text-emerald-800", failed: "text-red-800" } as const;

/** The request's events sent to the merchant's own systems, and what became of each delivery. */
export function OutboundEvents({ events, logHref, locale }: { events: OutboundEventListing[]; logHref: string | null; locale: Locale }) {
  if (events.length === 0) return null;
  const t = outboundMessages(locale);
  const names = eventTypeMessages(locale);
  return (
    <section aria-labelledby="outbound-heading" className="rounded-lg border border-slate-200 bg-white p-5" data-testid="outbound-events">
      <h2 id="outbound-heading" className="text-lg font-medium">
        {t.outboundOnTimeline}
      </h2>
      <ul className="mt-3 space-y-3 text-sm">
        {events.map((event) => (
          <li key={event.eventId}>
            <p>
              <span className="text-slate-600">{formatDateTime(event.createdAt, locale, { seconds: true })}</span> ·{" "}
              {names[event.type as keyof ReturnType<typeof eventTypeMessages>] ?? event.type}{" "}
              <code className="text-xs text-slate-500">{event.type}</code>
            </p>
            <ul className="mt-1 space-y-0.5 pl-4">
              {event.deliveries.map((delivery) => (
                <li key={delivery.id} className="text-xs">
                  <span className="break-all font-mono">{delivery.endpointUrl}</span>:{" "}
                  <span className={`font-medium ${LOOK[delivery.status]}`}>{t[delivery.status]}</span> ({t.colAttempts}: {delivery.attempts}
                  )
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {logHref && (
        <p className="mt-3 text-sm">
          <Link href={logHref} className="text-brand-dark underline">
            {t.log}
          </Link>
        </p>
      )}
    </section>
  );
}
