"use client";

import { useEffect, useState } from "react";
import { formatThb, type Locale } from "@/lib/i18n";
import type { Satang } from "@/lib/money";
import { afterThis, type WalletPosition } from "@/lib/wallet/position";
import { walletMessages, type WalletMessages } from "./wallet-messages";

/** An amount that may be below zero, with the sign before the currency: "−฿1,234.00". */
export const signedThb = (satang: Satang) => (satang < 0 ? `−${formatThb(-satang)}` : formatThb(satang));

/** How long ago, in the reader's words: "just now", "40 s ago", "3 min ago". */
export function ageWords(readAt: string, now: number, t: WalletMessages): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(readAt)) / 1000));
  if (seconds < 5) return t.justNow;
  if (seconds < 60) return t.secondsAgo(seconds);
  if (seconds < 3600) return t.minutesAgo(Math.floor(seconds / 60));
  return t.hoursAgo(Math.floor(seconds / 3600));
}

/** The time now, again every 10 s, so an age shown keeps growing while nothing else changes. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface Props {
  position: WalletPosition | undefined;
  /** The amount being typed, when it is a valid amount (null while it is not), or a bulk file's line amounts. */
  amountSatang: Satang | readonly Satang[] | null;
  locale: Locale;
  /** "This one" or "These N pay-outs": what the amount is. */
  thisLabel?: string;
  /** Who bears the fee of this one (the form's choice); the merchant when not said. */
  feePayer?: "merchant" | "beneficiary";
}

/**
 * The wallet beside a money-out form: the balance and how old it is, what waits to be debited, what
 * is available, this amount with its fee, and what would be left — with a warning, before anything
 * is sent, when it is more than is available (the provider refuses only at approval).
 */
export function WalletPanel({ position, amountSatang, locale, thisLabel, feePayer = "merchant" }: Props) {
  const t = walletMessages(locale);
  const now = useNow();
  const some = typeof amountSatang === "number" ? amountSatang > 0 : amountSatang !== null && amountSatang.length > 0;
  const after = position && amountSatang !== null && some ? afterThis(position, amountSatang, feePayer) : null;
  return (
    <section
      aria-labelledby="wallet-title"
      className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm"
      data-testid="wallet-panel"
    >
      <h2 id="wallet-title" className="font-medium text-slate-800">
        {t.title}
      </h2>
      {!position ? (
        <p className="mt-2 text-slate-600" role="status">
          {t.reading}
        </p>
      ) : (
        <>
          <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-600">{t.balance}</dt>
            <dd data-testid="wallet-balance">
              {position.balanceSatang === null ? (
                t.notReadYet
              ) : (
                <>
                  <span className="font-semibold tabular-nums">{signedThb(position.balanceSatang)}</span>
                  {position.readAt && (
                    <span className="ml-2 text-slate-600" data-testid="wallet-age">
                      {t.readAgo(ageWords(position.readAt, now, t))}
                    </span>
                  )}
                </>
              )}
            </dd>
            <dt className="text-slate-600">{t.waiting}</dt>
            <dd data-testid="wallet-waiting">
              <span className="tabular-nums">{formatThb(position.waiting.amountSatang + position.waiting.feeSatang)}</span>
              <span className="ml-2 text-slate-600">
                {t.waitingDetail(position.waiting.count, formatThb(position.waiting.feeSatang), position.waiting.feeEstimated)}
              </span>
              {position.waiting.feeUnknownCount > 0 && (
                <span className="block text-slate-600">{t.feeUnknown(position.waiting.feeUnknownCount)}</span>
              )}
            </dd>
            {position.availableSatang !== null && (
              <>
                <dt className="text-slate-600">{t.available}</dt>
                <dd className="font-semibold tabular-nums" data-testid="wallet-available">
                  {signedThb(position.availableSatang)}
                </dd>
              </>
            )}
            {after && (
              <>
                <dt className="text-slate-600">{thisLabel ?? t.thisOne}</dt>
                <dd data-testid="wallet-this-one">
                  <span className="tabular-nums">{formatThb(after.debitSatang)}</span>
                  <span className="ml-2 text-slate-600">
                    {after.feeSatang === null
                      ? t.thisOneNoFee
                      : after.feePayer === "beneficiary" && typeof amountSatang === "number"
                        ? t.thisOneRecipientPays(
                            formatThb(after.feeSatang),
                            position.payoutFeePct!,
                            formatThb(amountSatang - after.feeSatang),
                          )
                        : t.thisOneDetail(formatThb(after.feeSatang), position.payoutFeePct!)}
                  </span>
                </dd>
              </>
            )}
            {after && after.leftSatang !== null && (
              <>
                <dt className="text-slate-600">{t.leftAfter}</dt>
                <dd className={`font-semibold tabular-nums ${after.short ? "text-red-700" : ""}`} data-testid="wallet-left">
                  {signedThb(after.leftSatang)}
                </dd>
              </>
            )}
          </dl>
          {position.failure && (
            <p className="mt-2 text-amber-900" data-testid="wallet-failure">
              {t.failure(position.failure)}
            </p>
          )}
          {after?.short && (
            <p
              className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
              role="alert"
              data-testid="wallet-short"
            >
              {t.short(formatThb(-after.leftSatang!))}
            </p>
          )}
        </>
      )}
    </section>
  );
}
