"use client";

import { SubmitButton } from "@/components/ui/button";
import { bindTextFields, FormNotice, TextField } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { lineRuleMessages } from "@/lib/line/rule-messages";
import { linePaidThresholdSchema } from "@/lib/line/schemas";
import { lineMessages } from "./line-messages";

/** A merchant's threshold: a paid Pay-In of at least this much is told by LINE; empty, none is. */
export function LinePaidThresholdForm({
  merchant,
  threshold,
  action,
  locale,
}: {
  merchant: { id: string; name: string };
  threshold: string | null;
  action: ServerAction<{ merchantId: string }>;
  locale: Locale;
}) {
  const t = lineMessages(locale);
  const say = (text: string) => lineRuleMessages.words(locale, text);
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: linePaidThresholdSchema,
    action,
    defaultValues: { merchantId: merchant.id, threshold: threshold ?? "" },
  });
  const field = bindTextFields(form, say, `line-paid-${merchant.id}`);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3" data-testid="line-paid-threshold">
      <TextField {...field("threshold")} label={t.paidThreshold(merchant.name)} inputMode="decimal" autoComplete="off" />
      <SubmitButton label={t.save} pendingLabel={t.saving} isPending={isSubmitting} variant="plain" />
      <div className="basis-full">
        <FormNotice error={formError ? say(formError) : null} success={result ? t.saved : null} testId={`line-paid-${merchant.id}`} />
      </div>
    </form>
  );
}
