import { NextResponse } from "next/server";
import { defineRoute } from "@/lib/auth/route";
import { getDb } from "@/lib/db";
import { merchantApi } from "@/lib/provider";
import { currentWallet, positionOf } from "@/lib/wallet/balance";
import { defineMessages } from "@/lib/i18n";

/**
 * GET /api/wallet?merchant=<id> → the merchant's wallet position (lib/wallet/position.ts): the
 * balance as last read (read again from the provider, with the merchant's read key, when older than
 * lib/wallet/balance.ts WALLET_FRESH_MS), its age, what waits to be debited and what is available.
 * The money-out screens ask it as their amount changes and when a request changes.
 */
export const dynamic = "force-dynamic";

const WALLET_WORDS = defineMessages({
  en: { nameOneMerchant: "Name one merchant (merchant=<id>)." },
  th: { nameOneMerchant: "ระบุร้านค้า (merchant) หนึ่งร้าน" },
});

export const GET = defineRoute({
  permission: "request.read",
  merchantParam: "merchant",
  run: async ({ merchant, locale }) => {
    if (!merchant) {
      const error = WALLET_WORDS(locale).nameOneMerchant;
      return NextResponse.json({ error }, { status: 400, headers: { "Cache-Control": "no-store" } });
    }
    const db = await getDb();
    const reading = await currentWallet(db, merchant.id, () => merchantApi(merchant.id));
    return NextResponse.json(await positionOf(db, reading), { headers: { "Cache-Control": "no-store" } });
  },
});
