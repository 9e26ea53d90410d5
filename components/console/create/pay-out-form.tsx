"use client";

import { useState } from "react";
import { useWatch } from "react-hook-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { formatBaht, parseAmount } from "@/lib/money";
import { afterThis } from "@/lib/wallet/position";
import { useWalletPosition } from "@/components/console/wallet/use-wallet-position";
import { WalletPanel, signedThb } from "@/components/console/wallet/wallet-panel";
import type { PayOutInput } from "@/lib/requests/contract";
import { messageKey } from "@/lib/requests/form-messages";
import { payOutFormSchema, type CreateFormData } from "@/lib/requests/forms";
import { AmountField } from "./amount-field";
import { ConfirmMoneyOut } from "./confirm-money-out";
import type { SavedDestinationOption } from "./destination";
import { DestinationFields } from "./destination-fields";
import { primaryButtonClass } from "@/components/ui/button";
import { Field, fieldA11y, inputClass } from "@/components/ui/field";
import { FormStatus } from "./form-status";
import { createMessages } from "./messages";
import { RefId1Field, type RefId1Check } from "./ref-id1-field";
import { useCreateForm } from "./use-create-form";

interface Props {
  variant: "payout" | "withdrawal";
  locale: Locale;
  merchantId: string;
  /** Above this many satang the request waits for a second person (null: never). */
  approvalThresholdSatang: number | null;
  /** The merchant's ceiling for a single Pay-Out/Withdrawal: above it the form says so and sends nothing (the server checks again). */
  payoutCeilingSatang: number;
  saved: readonly SavedDestinationOption[];
  initialRefId1: string;
  idempotencyKey: string;
  action: ServerAction<CreateFormData>;
  checkRefId1: RefId1Check;
  /** A refund of a paid Pay-In (Pay-Out only): the amount starts at what is left to refund (lib/refunds). */
  refund?: { payInId: string; leftSatang: number; payInRefId1: string };
}

/** Pay-Out and Withdrawal: money out, so a confirmation with everything in full comes before sending. */
export function PayOutForm({
  variant,
  locale,
  merchantId,
  approvalThresholdSatang,
  payoutCeilingSatang,
  saved,
  initialRefId1,
  idempotencyKey,
  action,
  checkRefId1,
  refund,
}: Props) {
  const t = createMessages(locale);
  const title = refund ? t.opRefundTitle : variant === "payout" ? t.opPayoutTitle : t.opWithdrawalTitle;
  const c = useCreateForm({
    schema: payOutFormSchema,
    action,
    locale,
    initialRefId1,
    formOptions: {
      // Messages appear at the first send, then follow each keystroke. Not on blur: a message
      // appearing as focus leaves a field moves the button under the pointer and loses the click.
      mode: "onSubmit",
      reValidateMode: "onChange",
      // Inputs of a destination kind not chosen leave the page and the values with it.
      shouldUnregister: true,
    },
    defaultValues: {
      merchantId,
      idempotencyKey,
      refId1: initialRefId1,
      // As people write it (1,250.50): the field reads the separators back (lib/money parseAmount).
      amount: refund ? formatBaht(refund.leftSatang) : "",
      refundOf: refund?.payInId,
      destinationType: "bank",
      // A refund carries its Pay-In's RefId1 as RefId2, so the provider's records pair them too.
      refId2: refund?.payInRefId1 ?? "",
      refId3: "",
      description: "",
      tags: "",
      feePayer: "merchant",
    },
  });
  const { form } = c;
  const [refId1, destinationType, amountText, feePayerChoice] = useWatch({
    control: form.control,
    name: ["refId1", "destinationType", "amount", "feePayer"],
  });
  const feePayer = !refund && feePayerChoice === "beneficiary" ? "beneficiary" : "merchant";
  const { position } = useWalletPosition(merchantId);
  const typed = parseAmount(amountText ?? "");
  const typedSatang = typed.ok ? typed.satang : null;
  const [confirming, setConfirming] = useState<PayOutInput | null>(null);
  const { register } = form;

  const onSubmit = form.handleSubmit((output) => {
    if (output.payOut.amountSatang > payoutCeilingSatang) {
      form.setError("amount", { type: "ceiling", message: messageKey("amountAboveCeiling", payoutCeilingSatang) });
      return;
    }
    if (!c.isKnownTaken()) setConfirming(output.payOut);
  });
  const confirm = () => {
    setConfirming(null);
    void c.send();
  };
  // What the wallet would lack for the amount being confirmed: said again in the dialog, beside the button that sends.
  const confirmAfter = confirming && position ? afterThis(position, confirming.amountSatang, confirming.feePayer) : null;
  const shortBy = confirmAfter?.short ? signedThb(-confirmAfter.leftSatang!) : null;
  const heldAbove =
    confirming && approvalThresholdSatang !== null && confirming.amountSatang > approvalThresholdSatang ? approvalThresholdSatang : null;

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="mt-6 max-w-2xl space-y-6" aria-label={title}>
        <input type="hidden" {...register("merchantId")} />
        <input type="hidden" {...register("idempotencyKey")} />
        {refund && <input type="hidden" {...register("refundOf")} />}
        <RefId1Field
          registration={register("refId1")}
          value={refId1 ?? ""}
          suggested={c.suggested}
          error={c.message("refId1")}
          merchantId={merchantId}
          check={checkRefId1}
          onRegenerate={c.regenerate}
          onCheck={c.onRefId1Check}
          moneyOut
          t={t}
        />
        <AmountField registration={register("amount")} error={c.message("amount")} t={t} />
        {!refund && (
          <fieldset className="space-y-2" data-testid="fee-payer">
            <legend className="text-sm font-medium text-slate-800">{t.feePayerLegend}</legend>
            {(["merchant", "beneficiary"] as const).map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 hover:bg-slate-50"
              >
                <input type="radio" value={value} {...register("feePayer")} className="size-4" />
                <span className="text-sm">{value === "merchant" ? t.feePayerMerchant : t.feePayerBeneficiary}</span>
              </label>
            ))}
          </fieldset>
        )}
        <WalletPanel position={position} amountSatang={typedSatang} locale={locale} feePayer={feePayer} />
        <DestinationFields type={destinationType} register={register} message={c.message} saved={saved} locale={locale} t={t} />
        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">{t.optionalDetails}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="refId2" label={t.refId2} error={c.message("refId2")}>
              <input
                {...register("refId2")}
                {...fieldA11y("refId2", false, c.message("refId2"))}
                autoComplete="off"
                className={inputClass}
              />
            </Field>
            <Field id="refId3" label={t.refId3} error={c.message("refId3")}>
              <input
                {...register("refId3")}
                {...fieldA11y("refId3", false, c.message("refId3"))}
                autoComplete="off"
                className={inputClass}
              />
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
          <Field id="tags" label={t.tags} hint={t.tagsHint} error={c.message("tags")}>
            <input {...register("tags")} {...fieldA11y("tags", true, c.message("tags"))} autoComplete="off" className={inputClass} />
          </Field>
        </fieldset>
        <FormStatus status={c.status} t={t} />
        <button type="submit" disabled={c.isBusy} className={primaryButtonClass}>
          {c.isBusy ? t.sending : refund ? t.reviewRefund : variant === "payout" ? t.reviewPayout : t.reviewWithdrawal}
        </button>
      </form>
      <ConfirmMoneyOut
        title={title}
        payOut={confirming}
        heldAbove={heldAbove}
        shortBy={shortBy}
        saved={saved}
        locale={locale}
        t={t}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
