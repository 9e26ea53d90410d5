import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageMerchant } from "@/components/console/merchant-scope";
import { ApproveHere } from "@/components/console/requests/approve-here";
import { CheckoutLink } from "@/components/console/requests/checkout-link";
import { ReceiptPanel } from "@/components/console/requests/receipt-panel";
import { CheckoutPanel } from "@/components/console/requests/checkout-panel";
import { MoneySummary } from "@/components/console/requests/money-summary";
import { NeedsReviewNotice } from "@/components/console/requests/needs-review-notice";
import { NextStepPanel } from "@/components/console/requests/next-step-panel";
import { thb } from "@/components/console/requests/request-format";
import { detailMessages } from "@/components/console/requests/detail-messages";
import { ProviderAnswer, RequestFields } from "@/components/console/requests/request-fields";
import { RecheckButton } from "@/components/console/requests/recheck-button";
import { SandboxPanelSlot } from "@/components/console/requests/sandbox-panel-slot";
import { StatusBadge } from "@/components/console/requests/status-badge";
import { kindLabels } from "@/components/console/requests/status-messages";
import { OutboundEvents } from "@/components/console/requests/outbound-events";
import { Timeline } from "@/components/console/requests/timeline";
import { LiveUpdates } from "@/components/live/live-updates";
import { refundMessages } from "@/components/console/refunds/refund-messages";
import { RefundsPanel } from "@/components/console/refunds/refunds-panel";
import { isRefundable, refundStanding } from "@/lib/refunds/refunds";
import { catchUpMark } from "@/lib/live/bus";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { can } from "@/lib/auth/permissions";
import { requirePermission } from "@/lib/auth/current-session";
import { checkoutPath, checkoutTokenFor, receiptUrlFor } from "@/lib/checkout/token";
import { isEndedPaid } from "@/lib/requests/lifecycle";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import { shownState } from "@/lib/requests/list-filters";
import { outboundForRequest } from "@/lib/outbound-webhooks/log";
import { getRequestInScope, listTimeline, type TimelineEntry } from "@/lib/requests/queries";
import type { FoundRequest } from "@/lib/requests/adopt";
import { nextStepOf } from "@/lib/requests/next-step";
import { controlsFor, familyOf } from "@/lib/requests/sandbox-controls";
import { approveRequestAction, declineRequestAction } from "../../approvals/actions";
import { recheckRequestAction, sandboxPayInControlAction, sandboxPayOutControlAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: detailMessages(await getLocale()).fields };
}

/** The requests with this RefId1 the provider held when the request was left to a person (lib/requests/adopt.ts). */
function foundAtProvider(timeline: TimelineEntry[]): FoundRequest[] {
  const entry = timeline.findLast((e) => e.type === "submit_unresolved");
  const found = (entry?.data as { found?: unknown } | null)?.found;
  return Array.isArray(found) ? (found as FoundRequest[]) : [];
}

export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requirePermission(CONSOLE_SECTIONS.requests.permissions);
  // Before any rows are read: a change the stream hears after this may be missing from them (components/live/live-updates.tsx).
  const renderedAt = catchUpMark();
  const { id } = await params;
  const db = await getDb();
  // Scoped in the query: another merchant's request is "not found", exactly like a missing one.
  // The outbound events are read beside it, and shown only when the request is in the person's scope.
  const [detail, timeline, outbound] = await Promise.all([
    getRequestInScope(db, session, id),
    listTimeline(db, session, id),
    outboundForRequest(db, id),
  ]);
  if (!detail) notFound();
  const locale = await getLocale();
  const t = detailMessages(locale);
  const kinds = kindLabels(locale);
  const r = detail.request;
  const state = shownState(r.status, r.statusCode);
  const isPayIn = r.kind === "payin" || r.kind === "payin_p2p";
  const { PUBLIC_BASE_URL, isSandbox } = env();
  // Rejected without an accepted answer stored: refused when sent (a business error, or the live
  // provider's empty 500 that reconciliation found Rejected, which fills in its id and window).
  // Never payable, so no link to hand out.
  const refusedAtSubmit = state === "rejected" && r.providerResponse === null;
  const checkoutUrl = isPayIn && !refusedAtSubmit && r.providerId ? `${PUBLIC_BASE_URL}${checkoutPath(checkoutTokenFor(r))}` : null;
  const family = familyOf(r.kind);
  // Shown while the request is open; kept (empty) once settled, so the outcome of the last click stays on screen.
  const showSandbox = isSandbox && r.providerId !== null && can(session.role, family === "payin" ? "payin.create" : "payout.create");

  // A paid Pay-In's refunds; a refund's Pay-In (lib/refunds, docs/DESIGN.md §18).
  const refunds = isPayIn ? await refundStanding(db, r) : null;
  const showRefunds = refunds !== null && (isRefundable(r) || refunds.refunds.length > 0);
  const refundedPayIn = r.refundOf ? (await getRequestInScope(db, session, r.refundOf))?.request : undefined;

  const step = nextStepOf({ state, kind: r.kind, hasCheckoutLink: checkoutUrl !== null });
  const customerAmount = thb(r.generatedAmount ?? r.requestedAmount);

  return (
    <article className="space-y-4">
      {/* A webhook, the worker or another person changes the request: the page follows. */}
      <LiveUpdates requestIds={[r.id, ...(refunds?.refunds.map((x) => x.id) ?? [])]} renderedAt={renderedAt} />
      {/* The header names this request's merchant, whatever the switcher had. */}
      <PageMerchant merchantId={r.merchantId} note={t.requestMerchant} leaveTo="/requests" />
      <p className="text-sm">
        <Link href="/requests" className="text-brand-dark underline">
          ← {t.back}
        </Link>
      </p>
      {/* First what it is, where it stands and its money; then whom it waits for and what to do. */}
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">
          {r.isWithdrawal ? kinds.withdrawal : kinds[r.kind]}
          {r.kind === "payin_p2p" && ` · ${kinds.p2p}`} <span className="font-mono">{r.refId1}</span>
        </h1>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2" data-testid="request-summary">
          <StatusBadge state={state} locale={locale} />
          <MoneySummary requested={r.requestedAmount} toPay={isPayIn ? r.generatedAmount : null} paid={r.paidAmount} locale={locale} />
        </div>
        {refundedPayIn && (
          <p className="text-sm" data-testid="refund-of">
            {refundMessages(locale).refundOf}{" "}
            <Link href={`/requests/${refundedPayIn.id}`} className="font-mono text-brand-dark underline">
              {refundedPayIn.refId1}
            </Link>
          </p>
        )}
      </header>
      <NextStepPanel step={step} locale={locale}>
        {step.action === "share" && checkoutUrl && (
          <CheckoutLink
            requestId={r.id}
            checkoutUrl={checkoutUrl}
            shareable
            customerAmount={customerAmount}
            merchantName={detail.merchantName}
            locale={locale}
          />
        )}
        {step.action === "approve" && can(session.role, "payout.approve") && (
          <ApproveHere
            request={r}
            viewerId={session.userId}
            locale={locale}
            approveAction={approveRequestAction}
            declineAction={declineRequestAction}
          />
        )}
        {step.action !== null && step.action !== "approve" && (
          <RecheckButton requestId={r.id} action={recheckRequestAction} locale={locale} />
        )}
        {/* Checks that find nothing new are not timeline entries; the last one's time is shown here. */}
        {r.lastCheckedAt && (
          <p className="text-sm text-slate-700" data-testid="last-checked">
            {t.lastChecked(formatDateTime(r.lastCheckedAt, locale, { seconds: true }))}
          </p>
        )}
      </NextStepPanel>
      {!detail.merchantHasReadKey && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="no-read-key-notice">
          <p className="font-semibold">{t.noReadKeyTitle}</p>
          <p className="mt-1">{detail.merchantAppliesUnconfirmed ? t.noReadKeyApplyingBody : t.noReadKeyBody}</p>
        </div>
      )}
      {state === "unknown" && (
        <div role="status" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="unknown-notice">
          <p className="font-semibold">{t.unknownTitle}</p>
          <p className="mt-1">{t.unknownBody}</p>
        </div>
      )}
      {state === "needs_review" && (
        <NeedsReviewNotice
          statusCode={r.statusCode}
          found={foundAtProvider(timeline)}
          sentAt={r.submittedAt ?? r.createdAt}
          locale={locale}
        />
      )}
      {/* Paid: what was paid, not an invitation to pay. */}
      {isPayIn && isEndedPaid(state) && (
        <ReceiptPanel
          request={r}
          state={state}
          checkoutUrl={checkoutUrl}
          receiptPdfUrl={receiptUrlFor(r, PUBLIC_BASE_URL)}
          locale={locale}
        />
      )}
      {isPayIn && !isEndedPaid(state) && (
        <CheckoutPanel
          requestId={r.id}
          merchantName={detail.merchantName}
          locale={locale}
          state={state}
          providerResponse={r.providerResponse}
          checkoutUrl={checkoutUrl}
          refusedAtSubmit={refusedAtSubmit}
          publicBaseUrl={PUBLIC_BASE_URL}
          expireAt={r.expireAt}
          customerAmount={customerAmount}
          linkShownAbove={step.action === "share"}
        />
      )}
      {showRefunds && <RefundsPanel payInId={r.id} standing={refunds} canRefund={can(session.role, "payout.create")} locale={locale} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <RequestFields detail={detail} locale={locale} />
        <Timeline entries={timeline} locale={locale} />
      </div>
      <OutboundEvents
        events={outbound}
        logHref={can(session.role, "merchant.manage") ? `/settings/webhooks/log?merchant=${r.merchantId}&request=${r.id}` : null}
        locale={locale}
      />
      <ProviderAnswer answer={r.providerResponse} refusedAtSubmit={refusedAtSubmit} state={state} locale={locale} />
      {/* Demo mode only, folded at the bottom: it plays the bank and the provider, it is not part of the request. */}
      {showSandbox && (
        <SandboxPanelSlot
          requestId={r.id}
          controls={controlsFor(r)}
          action={family === "payin" ? sandboxPayInControlAction : sandboxPayOutControlAction}
          locale={locale}
        />
      )}
    </article>
  );
}
