import Link from "next/link";
import { formatDateTime, type Locale } from "@/lib/i18n";
import type { SlipListRow } from "@/lib/slips/queries";
import { thb } from "../requests/request-format";
import { slipImagePath, slipMessages, slipReference } from "./slip-messages";

/**
 * The Slips page's rows: thumbnail, request reference, amount, time, reference digits and note.
 * The whole row opens the request (the reference link's box is stretched over it), where the
 * full-size slip is one click away.
 */
export function SlipList({ rows, showMerchant, locale }: { rows: SlipListRow[]; showMerchant: boolean; locale: Locale }) {
  const t = slipMessages(locale);
  return (
    <ul aria-label={t.listLabel} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" data-testid="slip-list">
      {rows.map((slip) => {
        const time = formatDateTime(slip.createdAt, locale);
        const reference = slipReference(slip.first4, slip.last4);
        const toPay = slip.generatedAmount ?? slip.requestedAmount;
        return (
          <li key={slip.id} data-testid="slip-row" data-slip-id={slip.id} className="relative flex gap-3 p-3 hover:bg-slate-50">
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
                    href={`/requests/${slip.requestId}`}
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
