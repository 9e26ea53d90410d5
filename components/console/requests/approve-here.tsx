import { formatThb, type Locale } from "@/lib/i18n";
import { toSatang } from "@/lib/money";
import type { Destination } from "@/lib/requests/contract";
import type { RequestDetail } from "@/lib/requests/queries";
import { DecisionControls, type ApproveAction, type DeclineAction } from "../approvals/decision-controls";
import { approvalMessages } from "../approvals/messages";
import { destinationLines } from "../create/destination";

interface Props {
  request: RequestDetail["request"];
  viewerId: string;
  locale: Locale;
  approveAction: ApproveAction;
  declineAction: DeclineAction;
}

/** A held request's approve and decline, on its own page: the same controls and confirmation as the Approvals page. */
export function ApproveHere({ request: r, viewerId, locale, approveAction, declineAction }: Props) {
  const destination = (r.input as { destination?: Destination }).destination;
  const lines = destination ? destinationLines(destination, locale) : [];
  return (
    <DecisionControls
      merchantId={r.merchantId}
      requestId={r.id}
      isOwn={r.createdBy === viewerId}
      amount={formatThb(toSatang(r.requestedAmount))}
      destination={lines.length > 0 ? lines : [approvalMessages(locale).noDestination]}
      locale={locale}
      approveAction={approveAction}
      declineAction={declineAction}
    />
  );
}
