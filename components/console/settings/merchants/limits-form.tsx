"use client";

import { useRouter } from "next/navigation";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { merchantLimitsSchema } from "@/lib/merchants/settings-schemas";
import { SubmitButton } from "@/components/ui/button";
import { bindTextFields, FormNotice, TextField } from "@/components/ui/field";
import { merchantMessages, translateMerchantMessage } from "./merchant-messages";
import { useActionForm } from "@/components/ui/use-action-form";

export interface LimitsValues {
  displayName: string;
  /** Baht as decimal strings ("20.00"), "" for none. */
  payinMin: string;
  payinMax: string;
  payoutApprovalThreshold: string;
  payoutCeiling: string;
}

/** The merchant's name, Pay-In range, Pay-Out approval threshold and Pay-Out ceiling. */
export function LimitsForm({
  action,
  merchantId,
  values,
  locale,
}: {
  action: ServerAction<null>;
  merchantId: string;
  values: LimitsValues;
  locale: Locale;
}) {
  const t = merchantMessages(locale);
  const say = (text: string) => translateMerchantMessage(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, isDone, isSubmitting } = useActionForm({
    schema: merchantLimitsSchema,
    action,
    defaultValues: { merchantId, ...values },
    onSuccess: () => router.refresh(),
  });
  const bound = bindTextFields(form, say, "limits");
  const field = (name: Parameters<typeof bound>[0]) => ({ ...bound(name), autoComplete: "off" });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="limits-form">
      <FormNotice error={formError && say(formError)} success={isDone ? t.limitsSaved : null} testId="limits" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("displayName")} label={t.displayName} className="sm:col-span-2" />
        <TextField {...field("payinMin")} label={t.payinMin} hint={t.payinRangeHint} inputMode="decimal" />
        <TextField {...field("payinMax")} label={t.payinMax} inputMode="decimal" />
        <TextField
          {...field("payoutApprovalThreshold")}
          label={t.threshold}
          hint={t.thresholdHint}
          inputMode="decimal"
          className="sm:col-span-2"
        />
        <TextField {...field("payoutCeiling")} label={t.ceiling} hint={t.ceilingHint} inputMode="decimal" className="sm:col-span-2" />
      </div>
      <SubmitButton label={t.saveLimits} pendingLabel={t.savingLimits} isPending={isSubmitting} />
    </form>
  );
}
