import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "../db";
import { listMerchantsVisibleTo, type MerchantSummary } from "../merchants/queries";
import type { StaffSession } from "./session";

/** The console's merchant switcher keeps its choice here (a preference; the scope is checked on every use). */
export const MERCHANT_COOKIE = "paydesk-merchant";

export interface MerchantChoice {
  merchants: MerchantSummary[];
  selected: MerchantSummary | null;
}

/** The chosen merchant when the person may still see it, else their first one. */
export function pickMerchant(merchants: MerchantSummary[], wantedId: string | undefined): MerchantChoice {
  return { merchants, selected: merchants.find((m) => m.id === wantedId) ?? merchants[0] ?? null };
}

/** Memoised per request: the layout's switcher and the page read it once between them. */
export const selectedMerchant = cache(async (session: StaffSession): Promise<MerchantChoice> => {
  const merchants = await listMerchantsVisibleTo(await getDb(), session);
  return pickMerchant(merchants, (await cookies()).get(MERCHANT_COOKIE)?.value);
});
