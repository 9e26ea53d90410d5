"use client";

import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { p2pFormSchema, payInFormSchema, type CreateFormData, type PayInFormSchema, type PayInLimits } from "@/lib/requests/forms";
import { AmountField } from "./amount-field";
import { primaryButtonClass } from "@/components/ui/button";
import { Field, fieldA11y, inputClass } from "@/components/ui/field";
import { FormStatus } from "./form-status";
import { createMessages } from "./messages";
import { RefId1Field, type RefId1Check } from "./ref-id1-field";
import { useCreateForm } from "./use-create-form";

interface Props {
  variant: "payin" | "p2p";
  locale: Locale;
  merchantId: string;
  limits: PayInLimits;
  initialRefId1: string;
  idempotencyKey: string;
  action: ServerAction<CreateFormData>;
  checkRefId1: RefId1Check;
}

/** Pay-In and Pay-In P2P: the same form, P2P without the customer's contact details and tags. */
export function PayInForm({ variant, locale, merchantId, limits, initialRefId1, idempotencyKey, action, checkRefId1 }: Props) {
  const t = createMessages(locale);
  const isP2P = variant === "p2p";
  // P2P's values are a subset of Pay-In's; its schema drops the fields it does not take.
  const schema = useMemo(() => (isP2P ? p2pFormSchema(limits) : payInFormSchema(limits)) as PayInFormSchema, [isP2P, limits]);
  const c = useCreateForm({
    schema,
    action,
    locale,
    initialRefId1,
    // Messages appear at the first send, then follow each keystroke. Not on blur: a message
    // appearing as focus leaves a field moves the button under the pointer and loses the click.
    formOptions: { mode: "onSubmit", reValidateMode: "onChange" },
    defaultValues: {
      merchantId,
      idempotencyKey,
      refId1: initialRefId1,
      amount: "",
      payerName: "",
      qrProvider: "PP",
      refId2: "",
      refId3: "",
      description: "",
      customerEmail: "",
      customerPhone: "",
      tags: "",
    },
  });
  const { form } = c;
  const refId1 = useWatch({ control: form.control, name: "refId1" });
  const { register } = form;

  const onSubmit = form.handleSubmit(async () => {
    if (!c.isKnownTaken()) await c.send();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 max-w-2xl space-y-6" aria-label={isP2P ? t.opP2pTitle : t.opPayinTitle}>
      <input type="hidden" {...register("merchantId")} />
      <input type="hidden" {...register("idempotencyKey")} />
      <RefId1Field
        registration={register("refId1")}
        value={refId1 ?? ""}
        suggested={c.suggested}
        error={c.message("refId1")}
        merchantId={merchantId}
        check={checkRefId1}
        onRegenerate={c.regenerate}
        onCheck={c.onRefId1Check}
        moneyOut={false}
        t={t}
      />
      <Field id="payerName" label={t.payerName} error={c.message("payerName")}>
        <input
          {...register("payerName")}
          {...fieldA11y("payerName", false, c.message("payerName"))}
          autoComplete="off"
          className={inputClass}
        />
      </Field>
      <AmountField registration={register("amount")} error={c.message("amount")} limits={limits} t={t} />
      <fieldset aria-describedby={isP2P ? "qrProvider-hint" : undefined}>
        <legend className="block text-sm font-medium text-slate-700">{t.qrProvider}</legend>
        <div className="mt-1 flex gap-6">
          {(["PP", "SCB"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" value={value} {...register("qrProvider")} />
              {value === "PP" ? t.qrPP : t.qrSCB}
            </label>
          ))}
        </div>
        {isP2P && (
          <p id="qrProvider-hint" className="mt-1 text-sm text-slate-600">
            {t.qrP2pHint}
          </p>
        )}
        {c.message("qrProvider") && <p className="mt-1 text-sm text-red-700">{c.message("qrProvider")}</p>}
      </fieldset>
      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">{t.optionalDetails}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="refId2" label={t.refId2} error={c.message("refId2")}>
            <input {...register("refId2")} {...fieldA11y("refId2", false, c.message("refId2"))} autoComplete="off" className={inputClass} />
          </Field>
          <Field id="refId3" label={t.refId3} error={c.message("refId3")}>
            <input {...register("refId3")} {...fieldA11y("refId3", false, c.message("refId3"))} autoComplete="off" className={inputClass} />
          </Field>
        </div>
        <Field id="description" label={t.description} error={c.message("description")}>
          <textarea
            {...register("description")}
            {...fieldA11y("description", false, c.message("description"))}
            rows={2}
            className={inputClass}
          />
        </Field>
        {!isP2P && (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="customerEmail" label={t.customerEmail} error={c.message("customerEmail")}>
                <input
                  {...register("customerEmail")}
                  {...fieldA11y("customerEmail", false, c.message("customerEmail"))}
                  type="email"
                  autoComplete="off"
                  className={inputClass}
                />
              </Field>
              <Field id="customerPhone" label={t.customerPhone} error={c.message("customerPhone")}>
                <input
                  {...register("customerPhone")}
                  {...fieldA11y("customerPhone", false, c.message("customerPhone"))}
                  type="tel"
                  autoComplete="off"
                  className={inputClass}
                />
              </Field>
            </div>
            <Field id="tags" label={t.tags} hint={t.tagsHint} error={c.message("tags")}>
              <input {...register("tags")} {...fieldA11y("tags", true, c.message("tags"))} autoComplete="off" className={inputClass} />
            </Field>
          </>
        )}
      </fieldset>
      <FormStatus status={c.status} t={t} />
      <button type="submit" disabled={c.isBusy} className={primaryButtonClass}>
        {c.isBusy ? t.sending : isP2P ? t.submitP2p : t.submitPayin}
      </button>
    </form>
  );
}
