"use client";

import { formatThb, type Locale } from "@/lib/i18n";
import type { WalletPosition } from "@/lib/wallet/position";
import { useWalletPosition } from "./use-wallet-position";
import { ageWords, signedThb, useNow } from "./wallet-panel";
import { walletMessages, type WalletMessages } from "./wallet-messages";

interface Props {
  merchants: Array<{ id: string; name: string; position: WalletPosition }>;
  locale: Locale;
}

/**
 * The overview's wallets: each merchant's balance at the provider with its age, what waits to be
 * debited and what is available. Rendered from the stored figures (the page never waits for the
 * provider), then asked again at once and every 30 s (app/api/wallet reads the provider when due).
 */
export function OverviewWallets({ merchants, locale }: Props) {
  const t = walletMessages(locale);
  const now = useNow();
  return (
    <section aria-labelledby="wallets-title" className="rounded-lg border border-slate-200 p-4" data-testid="overview-wallets">
      <h2 id="wallets-title" className="font-semibold">
        {t.overviewTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.overviewHint}</p>
      <ul className="mt-3 divide-y divide-slate-200">
        {merchants.map((m) => (
          <WalletRow key={m.id} merchantId={m.id} name={m.name} initial={m.position} now={now} t={t} />
        ))}
      </ul>
    </section>
  );
}

function WalletRow({
  merchantId,
  name,
  initial,
  now,
  t,
}: {
  merchantId: string;
  name: string;
  initial: WalletPosition;
  now: number;
  t: WalletMessages;
}) {
  const { position = initial } = useWalletPosition(merchantId, initial);
  return (
    <li className="grid gap-1 py-2 text-sm sm:grid-cols-4 sm:gap-4" data-testid="overview-wallet" data-merchant={merchantId}>
      <span className="font-medium">{name}</span>
      <span>
        <span className="block text-xs text-slate-600">{t.balance}</span>
        {position.balanceSatang === null ? (
          t.notReadYet
        ) : (
          <>
            <span className="font-semibold tabular-nums" data-testid="overview-wallet-balance">
              {signedThb(position.balanceSatang)}
            </span>
            {position.readAt && <span className="ml-2 text-xs text-slate-600">{t.readAgo(ageWords(position.readAt, now, t))}</span>}
          </>
        )}
      </span>
      <span>
        <span className="block text-xs text-slate-600">{t.waiting}</span>
        <span className="tabular-nums">{formatThb(position.waiting.amountSatang + position.waiting.feeSatang)}</span>
      </span>
      <span>
        <span className="block text-xs text-slate-600">{t.available}</span>
        <span className="font-semibold tabular-nums" data-testid="overview-wallet-available">
          {position.availableSatang === null ? "—" : signedThb(position.availableSatang)}
        </span>
      </span>
      {position.failure && <span className="text-amber-900 sm:col-span-4">{t.failure(position.failure)}</span>}
    </li>
  );
}
