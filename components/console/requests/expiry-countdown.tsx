"use client";

import { useSyncExternalStore } from "react";
import type { Locale } from "@/lib/i18n";
import { detailMessages } from "./detail-messages";

function remaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, "0");
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

function eachSecond(tick: () => void): () => void {
  const timer = setInterval(tick, 1_000);
  return () => clearInterval(timer);
}

/** The browser's clock to the second: the same value until the second changes, as a snapshot must be. */
const browserSecond = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * Time left in the payment window, ticking each second. The server renders the first value; the
 * browser's clock takes over (a skewed clock shifts it, the server's status stays the truth).
 */
export function ExpiryCountdown({ expireAt, renderedAt, locale }: { expireAt: string; renderedAt: number; locale: Locale }) {
  const t = detailMessages(locale);
  const end = new Date(expireAt).getTime();
  const now = useSyncExternalStore(eachSecond, browserSecond, () => renderedAt);
  const left = end - now;
  return (
    <p data-testid="expiry-countdown" className={`text-sm font-medium ${left > 0 ? "text-amber-900" : "text-slate-700"}`}>
      {left > 0 ? t.countdownLeft(remaining(left)) : t.countdownOver}
    </p>
  );
}
