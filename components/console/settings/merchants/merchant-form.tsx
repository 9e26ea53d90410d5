"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { newMerchantSchema } from "@/lib/merchants/settings-schemas";
import { SubmitButton } from "@/components/ui/button";
import { bindTextFields, FormNotice, TextField } from "@/components/ui/field";
import { merchantMessages, translateMerchantMessage } from "./merchant-messages";
import { useActionForm } from "@/components/ui/use-action-form";

type Created = { id: string; submitKeyLast4: string; readKeyLast4: string | null };

/**
 * Adds a merchant. The keys are password fields: typed once, never shown back (the browser does not
 * offer to save them either), and the page that follows shows only their last four characters.
 */
export function MerchantForm({ action, locale }: { action: ServerAction<Created>; locale: Locale }) {
  const t = merchantMessages(locale);
  const say = (text: string) => translateMerchantMessage(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: newMerchantSchema,
    action,
    defaultValues: {
      displayName: "",
      orgId: "",
      providerMerchantId: "",
      submitKey: "",
      readKey: "",
      payinMin: "",
      payinMax: "",
      payoutApprovalThreshold: "",
    },
    onSuccess: (data) => router.push(`/settings/merchants/${data.id}?created=1`),
  });
  const field = bindTextFields(form, say, "merchant");
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" data-testid="merchant-form">
      <FormNotice error={formError && say(formError)} testId="merchant-form" />
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">{t.details}</legend>
        <TextField {...field("displayName")} label={t.displayName} hint={t.displayNameHint} autoComplete="off" className="sm:col-span-2" />
        <TextField {...field("orgId")} label={t.orgId} hint={t.orgIdHint} autoComplete="off" />
        <TextField {...field("providerMerchantId")} label={t.providerMerchantId} hint={t.providerMerchantIdHint} autoComplete="off" />
        <TextField {...field("submitKey")} type="password" autoComplete="off" label={t.submitKeyLabel} hint={t.submitKeyHint} />
        <TextField {...field("readKey")} type="password" autoComplete="off" label={t.readKeyLabel} hint={t.readKeyHint} />
        <TextField {...field("payinMin")} label={t.payinMin} hint={t.payinRangeHint} inputMode="decimal" autoComplete="off" />
        <TextField {...field("payinMax")} label={t.payinMax} inputMode="decimal" autoComplete="off" />
        <TextField
          {...field("payoutApprovalThreshold")}
          label={t.threshold}
          hint={t.thresholdHint}
          inputMode="decimal"
          autoComplete="off"
          className="sm:col-span-2"
        />
      </fieldset>
      <div className="flex items-center gap-4">
        <SubmitButton label={t.create} pendingLabel={t.creating} isPending={isSubmitting || result !== null} />
        <Link href="/settings/merchants" className="text-sm text-slate-700 underline">
          {t.cancel}
        </Link>
      </div>
    </form>
  );
}
