import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageMerchant } from "@/components/console/merchant-scope";
import { PayOutForm } from "@/components/console/create/pay-out-form";
import { createMessages } from "@/components/console/create/messages";
import { refundMessages } from "@/components/console/refunds/refund-messages";
import { RefundFigures } from "@/components/console/refunds/refunds-panel";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { getMerchantInScope } from "@/lib/merchants/queries";
import { isRefundable, refundStanding } from "@/lib/refunds/refunds";
import { rulesOf, savedDestinationsFor } from "@/lib/requests/form-context";
import { getRequestInScope } from "@/lib/requests/queries";
import { generateIdempotencyKey, generateRefId1 } from "@/lib/requests/ref-id";
import { createPayOutAction, checkRefId1Action } from "../../../new/actions";

/**
 * Refunding a paid Pay-In: the Pay-Out form for the Pay-In's merchant, the amount starting at what is
 * left to refund. Whoever may make Pay-Outs may refund (a refund is one: the merchant's approval
 * threshold and the second factor apply as to any). The amount is checked again when it is sent,
 * with the Pay-In locked (lib/refunds).
 */
export async function generateMetadata(): Promise<Metadata> {
  return { title: createMessages(await getLocale()).opRefundTitle };
}

export default async function RefundPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requirePermission(["payout.create"]);
  const { id } = await params;
  const db = await getDb();
  const detail = await getRequestInScope(db, session, id);
  if (!detail) notFound();
  const payIn = detail.request;
  const locale = await getLocale();
  const t = refundMessages(locale);
  const [standing, merchant] = await Promise.all([refundStanding(db, payIn), getMerchantInScope(db, session, payIn.merchantId)]);
  if (!merchant) notFound();
  const rules = rulesOf(merchant);
  const open = isRefundable(payIn) && standing.leftSatang > 0;
  return (
    <section>
      {/* The header names the Pay-In's merchant, whatever the switcher had. */}
      <PageMerchant merchantId={payIn.merchantId} note={t.refundOf} leaveTo={`/requests/${payIn.id}`} />
      <p className="text-sm">
        <Link href={`/requests/${payIn.id}`} className="text-brand-dark underline">
          ← {t.backToPayIn}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">{t.pageTitle(payIn.refId1)}</h1>
      <p className="mt-1 text-slate-700" data-testid="create-merchant">
        {merchant.displayName}
      </p>
      <RefundFigures standing={standing} locale={locale} />
      {open ? (
        <>
          <p className="mt-3 max-w-2xl text-sm text-slate-700">{t.pageIntro}</p>
          <PayOutForm
            variant="payout"
            locale={locale}
            merchantId={rules.id}
            approvalThresholdSatang={rules.approvalThresholdSatang}
            payoutCeilingSatang={rules.payoutCeilingSatang}
            saved={savedDestinationsFor(merchant)}
            initialRefId1={generateRefId1()}
            idempotencyKey={generateIdempotencyKey()}
            action={createPayOutAction}
            checkRefId1={checkRefId1Action}
            refund={{ payInId: payIn.id, leftSatang: standing.leftSatang, payInRefId1: payIn.refId1 }}
          />
        </>
      ) : (
        <p role="status" className="mt-4 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm" data-testid="not-refundable">
          {t.notRefundable}
        </p>
      )}
    </section>
  );
}
