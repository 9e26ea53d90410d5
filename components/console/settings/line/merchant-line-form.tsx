"use client";

import { SubmitButton } from "@/components/ui/button";
import { bindTextFields, FormNotice, TextField } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { lineRuleMessages } from "@/lib/line/rule-messages";
import { lineMerchantSchema } from "@/lib/line/schemas";
import { lineMessages } from "./line-messages";

/** A merchant's LINE settings: the large Pay-In amount and the daily summary's time (each empty: none). */
export function MerchantLineForm({
  merchant,
  settings,
  action,
  locale,
}: {
  merchant: { id: string; name: string };
  settings: { threshold: string | null; summaryTime: string | null };
  action: ServerAction<{ merchantId: string }>;
  locale: Locale;
}) {
  const t = lineMessages(locale);
  const say = (text: string) => lineRuleMessages.words(locale, text);
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: lineMerchantSchema,
    action,
    defaultValues: { merchantId: merchant.id, threshold: settings.threshold ?? "", summaryTime: settings.summaryTime ?? "" },
  });
  const field = bindTextFields(form, say, `line-${merchant.id}`);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="line-merchant" aria-labelledby={`line-${merchant.id}-name`}>
      <h3 id={`line-${merchant.id}-name`} className="font-medium">
        {merchant.name}
      </h3>
      <FormNotice error={formError ? say(formError) : null} success={result ? t.saved : null} testId={`line-${merchant.id}`} />
      <div className="flex flex-wrap items-start gap-4">
        <TextField {...field("threshold")} label={t.paidThreshold} hint={t.paidHint} inputMode="decimal" autoComplete="off" />
        <TextField {...field("summaryTime")} label={t.summaryTime} hint={t.summaryHint} type="time" autoComplete="off" />
      </div>
      <SubmitButton label={t.save} pendingLabel={t.saving} isPending={isSubmitting} variant="plain" />
    </form>
  );
}
