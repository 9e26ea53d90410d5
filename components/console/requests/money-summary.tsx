import type { Locale } from "@/lib/i18n";
import { detailMessages } from "./detail-messages";
import { thb } from "./request-format";

/**
 * The request's money at a glance: what was asked, what the customer must pay (a Pay-In's
 * generated amount, when the provider changed the satang) and what has been paid so far.
 */
export function MoneySummary({
  requested,
  toPay,
  paid,
  locale,
}: {
  requested: string;
  toPay: string | null;
  paid: string;
  locale: Locale;
}) {
  const t = detailMessages(locale);
  const items: [string, string, string][] = [
    ["requested", t.moneyRequested, thb(requested)],
    ...(toPay && toPay !== requested ? [["to-pay", t.moneyToPay, thb(toPay)] as [string, string, string]] : []),
    ["paid", t.moneyPaid, thb(paid)],
  ];
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="money-summary">
      {items.map(([key, label, value]) => (
        <div key={key} className="flex items-baseline gap-1.5" data-testid={`money-${key}`}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-lg font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
