import "server-only";
import Link from "next/link";
import type { ServerAction } from "@/lib/auth/action";
import type { StaffSession } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { formatThb } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import { merchantRules, savedDestinationsFor } from "@/lib/requests/form-context";
import type { CreateFormData } from "@/lib/requests/forms";
import { generateIdempotencyKey, generateRefId1 } from "@/lib/requests/ref-id";
import { GateNotice, merchantGate } from "./merchant-gate";
import { createMessages, type CreateMessages } from "./messages";
import { isMoneyOut, type Operation } from "./operations";
import { PayInForm } from "./pay-in-form";
import { PayOutForm } from "./pay-out-form";
import type { RefId1Check } from "./ref-id1-field";

export interface CreateActions {
  create: ServerAction<CreateFormData>;
  checkRefId1: RefId1Check;
  selectMerchant: ServerAction<{ merchantId: string }>;
}

export function operationTitle(operation: Operation, t: CreateMessages): string {
  return { payin: t.opPayinTitle, p2p: t.opP2pTitle, payout: t.opPayoutTitle, withdrawal: t.opWithdrawalTitle }[operation];
}

/**
 * One create page: the merchant it is for (or the question which), and the operation's form, with
 * a fresh RefId1 and a fresh idempotency key for this rendering. The page checked the permission.
 */
export async function CreateOperationPage({ operation, session, actions }: { operation: Operation; session: StaffSession; actions: CreateActions }) {
  const locale = await getLocale();
  const t = createMessages(locale);
  const gate = await merchantGate(session);
  const rules = gate.state === "ready" ? await merchantRules(await getDb(), session, gate.merchant.id) : undefined;

  let form: React.ReactNode = null;
  if (gate.state === "ready" && rules) {
    const common = {
      key: rules.id, // another merchant chosen in the header: a new form, not the old values
      locale,
      merchantId: rules.id,
      initialRefId1: generateRefId1(),
      idempotencyKey: generateIdempotencyKey(),
      action: actions.create,
      checkRefId1: actions.checkRefId1,
    };
    form =
      operation === "payout" || operation === "withdrawal" ? (
        <PayOutForm {...common} variant={operation} approvalThresholdSatang={rules.approvalThresholdSatang} saved={savedDestinationsFor(gate.merchant)} />
      ) : (
        <PayInForm {...common} variant={operation} limits={rules.limits} />
      );
  }

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
      <GateNotice gate={gate} t={t} selectMerchantAction={actions.selectMerchant} />
      {form}
    </section>
  );
}
