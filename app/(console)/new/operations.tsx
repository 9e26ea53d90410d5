import type { ReactNode } from "react";
import { PayInForm } from "@/components/console/create/pay-in-form";
import { PayOutForm } from "@/components/console/create/pay-out-form";
import { OPERATIONS, type Operation } from "@/components/console/create/operations";
import type { ServerAction } from "@/lib/auth/action";
import type { Permission } from "@/lib/auth/permissions";
import type { Locale } from "@/lib/i18n";
import type { MerchantRules, SavedDestination } from "@/lib/requests/form-context";
import type { CreateFormData } from "@/lib/requests/forms";
import { checkRefId1Action, createP2PAction, createPayInAction, createPayOutAction, createWithdrawalAction } from "./actions";

/** What every create form is given: the merchant, a fresh RefId1 and idempotency key, the actions. */
export interface FormBasics {
  locale: Locale;
  merchantId: string;
  initialRefId1: string;
  idempotencyKey: string;
  action: ServerAction<CreateFormData>;
  checkRefId1: typeof checkRefId1Action;
}

export interface OperationEntry {
  /** The page's title in the browser tab (the heading on the page is in the person's language). */
  title: string;
  permission: Permission;
  action: ServerAction<CreateFormData>;
  /** Money-out forms offer the sandbox's registered destinations (demo mode). */
  offersSavedDestinations: boolean;
  form(basics: FormBasics, rules: MerchantRules, saved: readonly SavedDestination[]): ReactNode;
}

/**
 * The four things staff can create: the permission each needs, the action that creates it and its
 * form. /new lists them and /new/<operation> renders one (app/(console)/new/[operation]/page.tsx).
 */
export const OPERATION_TABLE: Record<Operation, OperationEntry> = {
  payin: {
    title: "New Pay-In",
    permission: "payin.create",
    action: createPayInAction,
    offersSavedDestinations: false,
    form: (basics, rules) => <PayInForm {...basics} variant="payin" limits={rules.limits} />,
  },
  p2p: {
    title: "New Pay-In P2P",
    permission: "p2p.create",
    action: createP2PAction,
    offersSavedDestinations: false,
    form: (basics, rules) => <PayInForm {...basics} variant="p2p" limits={rules.limits} />,
  },
  payout: {
    title: "New Pay-Out",
    permission: "payout.create",
    action: createPayOutAction,
    offersSavedDestinations: true,
    form: (basics, rules, saved) => (
      <PayOutForm
        {...basics}
        variant="payout"
        approvalThresholdSatang={rules.approvalThresholdSatang}
        payoutCeilingSatang={rules.payoutCeilingSatang}
        saved={saved}
      />
    ),
  },
  withdrawal: {
    title: "New Withdrawal",
    permission: "withdrawal.create",
    action: createWithdrawalAction,
    offersSavedDestinations: true,
    form: (basics, rules, saved) => (
      <PayOutForm
        {...basics}
        variant="withdrawal"
        approvalThresholdSatang={rules.approvalThresholdSatang}
        payoutCeilingSatang={rules.payoutCeilingSatang}
        saved={saved}
      />
    ),
  },
};

/** The operation a URL segment names, or null for anything else (the page answers 404). */
export function operationNamed(segment: string): Operation | null {
  return (OPERATIONS as readonly string[]).includes(segment) ? (segment as Operation) : null;
}
