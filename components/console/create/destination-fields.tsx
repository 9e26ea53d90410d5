"use client";

import type { UseFormRegister } from "react-hook-form";
import type { Locale } from "@/lib/i18n";
import { DESTINATION_TYPES, type PayOutFormValues } from "@/lib/requests/forms";
import { bankOptions, savedLabel, type SavedDestinationOption } from "./destination";
import { Field, fieldA11y, inputClass } from "@/components/ui/field";
import type { CreateMessages } from "./messages";

interface Props {
  type: PayOutFormValues["destinationType"] | undefined;
  register: UseFormRegister<PayOutFormValues>;
  message(name: string): string | undefined;
  saved: readonly SavedDestinationOption[];
  locale: Locale;
  t: CreateMessages;
}

/**
 * Where a Pay-Out or Withdrawal goes: a bank account (bank from the provider's list, in Thai and
 * English), a PromptPay id, or a destination registered at the provider (PayinBankAccountId).
 * Only the chosen kind's inputs are on the page, so only they are sent.
 */
export function DestinationFields({ type, register, message, saved, locale, t }: Props) {
  const labels = { bank: t.destBank, promptpay: t.destPromptPay, saved: t.destSaved } as const;
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">{t.destination}</legend>
      <div className="flex flex-wrap gap-6">
        {DESTINATION_TYPES.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} {...register("destinationType")} />
            {labels[value]}
          </label>
        ))}
      </div>
      {message("destinationType") && <p className="text-sm text-red-700">{message("destinationType")}</p>}

      {type === "bank" && (
        <>
          <Field id="bankCode" label={t.bank} error={message("bankCode")}>
            <select {...register("bankCode")} {...fieldA11y("bankCode", false, message("bankCode"))} className={inputClass}>
              <option value="">{t.chooseBank}</option>
              {bankOptions(locale).map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.label}
                </option>
              ))}
            </select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="accountNo" label={t.accountNo} error={message("accountNo")}>
              <input
                {...register("accountNo")}
                {...fieldA11y("accountNo", false, message("accountNo"))}
                inputMode="numeric"
                autoComplete="off"
                className={`${inputClass} font-mono`}
              />
            </Field>
            <Field id="accountName" label={t.accountName} error={message("accountName")}>
              <input
                {...register("accountName")}
                {...fieldA11y("accountName", false, message("accountName"))}
                autoComplete="off"
                className={inputClass}
              />
            </Field>
          </div>
          <Field id="promptPayId" label={t.promptPayOptional} hint={t.promptPayHint} error={message("promptPayId")}>
            <input
              {...register("promptPayId")}
              {...fieldA11y("promptPayId", true, message("promptPayId"))}
              inputMode="numeric"
              autoComplete="off"
              className={`${inputClass} font-mono`}
            />
          </Field>
        </>
      )}

      {type === "promptpay" && (
        <Field id="promptPayId" label={t.promptPayId} hint={t.promptPayHint} error={message("promptPayId")}>
          <input
            {...register("promptPayId")}
            {...fieldA11y("promptPayId", true, message("promptPayId"))}
            inputMode="numeric"
            autoComplete="off"
            className={`${inputClass} font-mono`}
          />
        </Field>
      )}

      {type === "saved" &&
        (saved.length > 0 ? (
          <Field id="savedAccountId" label={t.savedAccount} hint={t.sandboxSaved} error={message("savedAccountId")}>
            <select
              {...register("savedAccountId")}
              {...fieldA11y("savedAccountId", true, message("savedAccountId"))}
              className={inputClass}
            >
              <option value="">{t.chooseSaved}</option>
              {saved.map((d) => (
                <option key={d.id} value={d.id}>
                  {savedLabel(d, locale)}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <Field id="savedAccountId" label={t.savedId} hint={t.savedIdHint} error={message("savedAccountId")}>
            <input
              {...register("savedAccountId")}
              {...fieldA11y("savedAccountId", true, message("savedAccountId"))}
              autoComplete="off"
              spellCheck={false}
              className={`${inputClass} font-mono`}
            />
          </Field>
        ))}
    </fieldset>
  );
}
