import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "../db";
import { listMerchantsVisibleTo, type MerchantSummary } from "../merchants/queries";
import type { StaffSession } from "../auth/current-session";

/** The console's merchant switcher keeps its choice here (a preference; the scope is checked on every use). */
export const MERCHANT_COOKIE = "paydesk-merchant";
/** The switcher's explicit "All merchants" choice, kept in the same cookie. */
export const ALL_MERCHANTS = "all";

export interface MerchantChoice {
  merchants: MerchantSummary[];
  /** The one merchant the console works on, or null for all of the person's merchants. */
  selected: MerchantSummary | null;
  /** What lists and exports filter by: the selected merchant's id, or "all". */
  scope: string;
}

/**
 * The chosen merchant when the person may still see it. Otherwise, and for "All merchants", all of
 * them: never a first one by alphabet that the header would show while the pages show everything.
 * Someone with a single merchant always works on it.
 */
export function pickMerchant(merchants: MerchantSummary[], wantedId: string | undefined): MerchantChoice {
  const selected = merchants.length === 1 ? merchants[0]! : (merchants.find((m) => m.id === wantedId) ?? null);
  return { merchants, selected, scope: selected?.id ?? ALL_MERCHANTS };
}

/** Memoised per request: the layout's switcher and the page read it once between them. */
export const selectedMerchant = cache(async (session: StaffSession): Promise<MerchantChoice> => {
  const merchants = await listMerchantsVisibleTo(await getDb(), session);
  return pickMerchant(merchants, (await cookies()).get(MERCHANT_COOKIE)?.value);
});
