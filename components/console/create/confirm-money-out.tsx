"use client";

import { useEffect, useRef } from "react";
import { formatThb, type Locale } from "@/lib/i18n";
import type { PayOutInput } from "@/lib/requests/contract";
import { destinationLines, type SavedDestinationOption } from "./destination";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";
import type { CreateMessages } from "./messages";
import { walletMessages } from "@/components/console/wallet/wallet-messages";

interface Props {
  title: string;
  payOut: PayOutInput | null;
  /** The merchant's approval threshold when this amount is above it (held for a second person). */
  heldAbove: number | null;
  /** How much more than the wallet has available this is (formatted), or null when it fits or the balance is unknown. */
  shortBy: string | null;
  saved: readonly SavedDestinationOption[];
  locale: Locale;
  t: CreateMessages;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The money-out confirmation: the amount and the destination in full, and whether it will wait for
 * approval, in a modal dialog (focus stays inside; Escape goes back to editing).
 */
export function ConfirmMoneyOut({ title, payOut, heldAbove, shortBy, saved, locale, t, onConfirm, onCancel }: Props) {
  const w = walletMessages(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (payOut && !element.open) element.showModal();
    if (!payOut && element.open) element.close();
  }, [payOut]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-title"
      onClose={onCancel}
      className="m-auto w-full max-w-lg rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {payOut && (
        <div className="space-y-4 p-6">
          <h2 id="confirm-title" className="text-lg font-semibold">
            {t.confirmTitle}: {title}
          </h2>
          <p className="text-sm text-slate-700">{t.confirmIntro}</p>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-slate-600">{t.confirmAmount}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="confirm-amount">
                {formatThb(payOut.amountSatang)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t.confirmFeePayer}</dt>
              <dd data-testid="confirm-fee-payer">{payOut.feePayer === "beneficiary" ? t.confirmFeeBeneficiary : t.confirmFeeMerchant}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t.confirmDestination}</dt>
              <dd data-testid="confirm-destination">
                {destinationLines(payOut.destination, locale, saved).map((line) => (
                  <span key={line} className="block font-medium">
                    {line}
                  </span>
                ))}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t.confirmRefs}</dt>
              <dd className="font-mono">{[payOut.refId1, payOut.refId2, payOut.refId3].filter(Boolean).join(" · ")}</dd>
            </div>
          </dl>
          {heldAbove !== null && (
            <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="confirm-held">
              {t.confirmHeld(formatThb(heldAbove))}
            </p>
          )}
          {shortBy !== null && (
            <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="confirm-short">
              {w.confirmShort(shortBy)}
            </p>
          )}
          <div className="flex justify-end gap-3">
            {/* Over the balance, Enter goes back rather than sending: sending is a choice made by pressing "Send anyway". */}
            <button type="button" onClick={onCancel} className={secondaryButtonClass} autoFocus={shortBy !== null}>
              {t.confirmBack}
            </button>
            <button type="button" onClick={onConfirm} className={primaryButtonClass} autoFocus={shortBy === null}>
              {shortBy !== null ? w.sendAnyway : heldAbove !== null ? t.confirmSendHeld : t.confirmSend}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
