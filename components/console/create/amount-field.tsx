import type { UseFormRegisterReturn } from "react-hook-form";
import { formatThb } from "@/lib/i18n";
import type { PayInLimits } from "@/lib/requests/forms";
import { Field, fieldA11y, inputClass } from "@/components/ui/field";
import type { CreateMessages } from "./messages";

interface Props {
  registration: UseFormRegisterReturn<"amount">;
  error?: string;
  /** The merchant's Pay-In range, shown beside the field (Pay-In and P2P only). */
  limits?: PayInLimits;
  t: CreateMessages;
}

export function rangeText(limits: PayInLimits | undefined, t: CreateMessages): string | null {
  if (!limits) return null;
  const { minSatang: min, maxSatang: max } = limits;
  if (min !== null && max !== null) return t.range(formatThb(min), formatThb(max));
  if (min !== null) return t.rangeMin(formatThb(min));
  if (max !== null) return t.rangeMax(formatThb(max));
  return null;
}

/** The amount in baht as text ("1,250.50"); THB is the only currency, shown rather than offered. */
export function AmountField({ registration, error, limits, t }: Props) {
  const range = rangeText(limits, t);
  return (
    <Field
      id="amount"
      label={t.amount}
      error={error}
      hint={
        <>
          {t.amountHint}
          {range && (
            <span className="ml-1 font-medium text-slate-700" data-testid="amount-range">
              {range}
            </span>
          )}
        </>
      }
    >
      <div className="flex items-stretch">
        <input
          {...registration}
          {...fieldA11y("amount", true, error)}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          className={`${inputClass} rounded-r-none text-right tabular-nums`}
        />
        <span
          className="mt-1 inline-flex items-center rounded-r-md border border-l-0 border-slate-400 bg-slate-100 px-3 text-sm text-slate-700"
          aria-label={t.currency}
        >
          THB
        </span>
      </div>
    </Field>
  );
}
