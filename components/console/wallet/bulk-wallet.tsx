"use client";

import type { Locale } from "@/lib/i18n";
import type { Satang } from "@/lib/money";
import { useWalletPosition } from "./use-wallet-position";
import { WalletPanel } from "./wallet-panel";
import { walletMessages } from "./wallet-messages";

/** A bulk file's wallet check, before it is confirmed: the lines' amounts, each with its fee, against what is available. */
export function BulkWallet({ merchantId, amounts, locale }: { merchantId: string; amounts: readonly Satang[]; locale: Locale }) {
  const { position } = useWalletPosition(merchantId);
  return (
    <div className="mt-4 max-w-2xl">
      <WalletPanel
        position={position}
        amountSatang={amounts}
        locale={locale}
        thisLabel={walletMessages(locale).theseLines(amounts.length)}
      />
    </div>
  );
}
