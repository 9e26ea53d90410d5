import Link from "next/link";
import { formatDateTime, type Locale } from "@/lib/i18n";
import type { SlipListRow } from "@/lib/slips/queries";
import { slipStanding, type SlipStanding } from "@/lib/slips/standing";
import { thb } from "../requests/request-format";
import { slipImagePath, slipMessages, slipReference } from "./slip-messages";

/**
 * The Slips page's rows: thumbnail, request reference, amount, time, reference digits, note and
 * where the slip stands (decided, to check, or matching no open request). The whole row opens the
 * slip's own page (the reference link's box is stretched over it): full size, beside its request.
 */
const STANDING_STYLE: Record<SlipStanding, string> = {
  matches: "border-emerald-300 bg-emerald-50 text-emerald-900",
  does_not_match: "border-red-300 bg-red-50 text-red-900",
  request_paid: "border-slate-300 bg-slate-50 text-slate-800",
  request_ended: "border-amber-300 bg-amber-50 text-amber-950",
  to_check: "border-sky-300 bg-sky-50 text-sky-900",
};

export function SlipList({ rows, showMerchant, locale }: { rows: SlipListRow[]; showMerchant: boolean; locale: Locale }) {
  const t = slipMessages(locale);
  return (
    <ul aria-label={t.listLabel} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" data-testid="slip-list">
      {rows.map((slip) => {
        const time = formatDateTime(slip.createdAt, locale);
        const reference = slipReference(slip.first4, slip.last4);
        const toPay = slip.generatedAmount ?? slip.requestedAmount;
        const standing = slipStanding(slip);
        return (
          <li
            key={slip.id}
            data-testid="slip-row"
            data-slip-id={slip.id}
            data-standing={standing}
            className="relative flex gap-3 p-3 hover:bg-slate-50"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- a private picture behind the staff session: next/image's optimiser would fetch it without one */}
            <img
              src={slipImagePath(slip.id, "thumbnail")}
              alt={t.thumbnailAlt(time, reference)}
              className="h-20 w-16 shrink-0 rounded border border-slate-200 object-contain"
              loading="lazy"
            />
            <div className="min-w-0 flex-1 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="break-words">
                  <Link
                    href={`/slips/${slip.id}`}
                    className="font-mono font-medium text-brand-dark underline after:absolute after:inset-0 after:content-['']"
                    data-testid="slip-request-link"
                  >
                    {slip.refId1}
                  </Link>
                  {showMerchant && <span className="text-slate-600"> · {slip.merchantName}</span>}
                </p>
                <p className="whitespace-nowrap font-medium tabular-nums">
                  <span className="sr-only">{t.toPay}: </span>
                  {thb(toPay)}
                  {toPay !== slip.requestedAmount && (
                    <span className="ml-1 text-xs font-normal text-slate-600">({t.requested(thb(slip.requestedAmount))})</span>
                  )}
                </p>
              </div>
              <p className="text-slate-700">
                <span className="sr-only">{t.uploaded} </span>
                <time dateTime={slip.createdAt.toISOString()}>{time}</time>
                {" · "}
                <span className="whitespace-nowrap">
                  {t.reference}: <span className="font-mono">{reference ?? t.noReference}</span>
                </span>
              </p>
              <p className="mt-1">
                <span
                  className={`inline-block rounded border px-2 py-0.5 text-xs font-medium ${STANDING_STYLE[standing]}`}
                  data-testid="slip-standing"
                >
                  {t[`standing.${standing}`]}
                </span>
              </p>
              {slip.note && (
                <p className="break-words text-slate-700">
                  {t.note}: {slip.note}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
