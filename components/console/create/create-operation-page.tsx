import Link from "next/link";
import type { ReactNode } from "react";
import type { ServerAction } from "@/lib/auth/action";
import { formatThb, type Locale } from "@/lib/i18n";
import type { CreateFormContext } from "@/lib/requests/create-page";
import { GateNotice } from "./merchant-gate";
import { createMessages, type CreateMessages } from "./messages";
import { isMoneyOut, type Operation } from "./operations";

export function operationTitle(operation: Operation, t: CreateMessages): string {
  return { payin: t.opPayinTitle, p2p: t.opP2pTitle, payout: t.opPayoutTitle, withdrawal: t.opWithdrawalTitle }[operation];
}

/**
 * One create page: the merchant it is for (or the question which), and the operation's form. The
 * page (app/(console)/new/[operation]) checked the permission and loaded what is shown here.
 */
export function CreateOperationPage({
  operation,
  locale,
  context: { gate, rules },
  form,
  selectMerchant,
}: {
  operation: Operation;
  locale: Locale;
  context: CreateFormContext;
  /** The operation's form, once a merchant is settled; null until then. */
  form: ReactNode;
  selectMerchant: ServerAction<{ merchantId: string }>;
}) {
  const t = createMessages(locale);
  return (
    <section>
      <p className="text-sm">
        <Link href="/new" className="text-brand-dark underline">
          {t.newTitle}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">{operationTitle(operation, t)}</h1>
      {gate.state === "ready" && (
        <p className="mt-1 text-slate-700" data-testid="create-merchant">
          <span className="font-medium">{t.forMerchant(gate.merchant.displayName)}</span>
          <span className="ml-2 text-sm text-slate-600">{t.changeMerchantHint}</span>
        </p>
      )}
      {isMoneyOut(operation) && rules && rules.approvalThresholdSatang !== null && (
        <p className="mt-1 text-sm text-slate-600" data-testid="approval-threshold">
          {t.thresholdNote(formatThb(rules.approvalThresholdSatang))}
        </p>
      )}
      {isMoneyOut(operation) && rules && (
        <p className="mt-1 text-sm text-slate-600" data-testid="payout-ceiling">
          {t.ceilingNote(formatThb(rules.payoutCeilingSatang))}
        </p>
      )}
      <GateNotice gate={gate} t={t} selectMerchantAction={selectMerchant} />
      {form}
    </section>
  );
}
