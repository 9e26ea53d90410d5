import Link from "next/link";
import { formatDateTime, formatThb, type Locale } from "@/lib/i18n";
import type { HeldRequest } from "@/lib/requests/approve";
import { destinationLines } from "../create/destination";
import { DecisionControls, type ApproveAction, type DeclineAction } from "./decision-controls";
import { approvalMessages } from "./messages";

interface Props {
  request: HeldRequest;
  viewerId: string;
  locale: Locale;
  approveAction: ApproveAction;
  declineAction: DeclineAction;
}

/** One held request with everything a checker needs to decide: amount and destination in full, who asked, when. */
export function HeldRequestCard({ request: r, viewerId, locale, approveAction, declineAction }: Props) {
  const t = approvalMessages(locale);
  const destination = r.destination ? destinationLines(r.destination, locale) : [];
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="held-request" data-ref-id1={r.refId1}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">
          {r.kind === "withdrawal" ? t.kindWithdrawal : r.refundOf ? t.kindRefund : t.kindPayout} · {r.merchantName}
        </h2>
        <p className="font-mono text-xl font-semibold">{formatThb(r.amountSatang)}</p>
      </div>
      {/* A refund: the Pay-In and who paid it, to compare with where the money goes. */}
      {r.refundOf && (
        <p className="mt-1 text-sm" data-testid="held-refund-of">
          {t.refundOf}{" "}
          <Link href={`/requests/${r.refundOf.id}`} className="font-mono text-brand-dark underline">
            {r.refundOf.refId1}
          </Link>{" "}
          · {t.refundPaidBy(formatThb(r.refundOf.paidSatang), r.refundOf.payerName)}
        </p>
      )}
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t.destination}</dt>
          <dd>
            {destination.length > 0
              ? destination.map((line) => (
                  <span key={line} className="block font-medium">
                    {line}
                  </span>
                ))
              : "—"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t.references}</dt>
          <dd className="font-mono">{[r.refId1, r.refId2, r.refId3].filter(Boolean).join(" · ")}</dd>
          {r.description && <dd className="mt-1 text-slate-700">{r.description}</dd>}
        </div>
        <div>
          <dt className="text-slate-600">{t.requestedBy}</dt>
          <dd>{r.createdBy ? `${r.createdBy.name} (${r.createdBy.email})` : t.unknownRequester}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t.requestedAt}</dt>
          <dd>{formatDateTime(r.createdAt, locale)}</dd>
        </div>
      </dl>
      <DecisionControls
        merchantId={r.merchantId}
        requestId={r.id}
        isOwn={r.createdBy?.id === viewerId}
        amount={formatThb(r.amountSatang)}
        destination={destination.length > 0 ? destination : [t.noDestination]}
        locale={locale}
        approveAction={approveAction}
        declineAction={declineAction}
      />
    </li>
  );
}
