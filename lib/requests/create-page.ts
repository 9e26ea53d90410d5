import "server-only";
import { selectedMerchant } from "../navigation/selected-merchant";
import type { StaffSession } from "../auth/current-session";
import { getDb } from "../db";
import type { MerchantSummary } from "../merchants/queries";
import { merchantRules, savedDestinationsFor, type MerchantRules, type SavedDestination } from "./form-context";

/**
 * What the create pages (app/(console)/new) load before they render, so the components that draw
 * them read nothing themselves.
 */
export type MerchantGate =
  { state: "none" } | { state: "pick"; merchants: MerchantSummary[] } | { state: "ready"; merchant: MerchantSummary };

/**
 * Which merchant a new request is for: the header switcher's merchant. While it says "All merchants"
 * the person is asked (and the answer becomes the switcher's choice), rather than given the first
 * one by alphabet: money for the wrong merchant is worse than one more click.
 */
export async function merchantGate(session: StaffSession): Promise<MerchantGate> {
  const choice = await selectedMerchant(session);
  if (choice.merchants.length === 0) return { state: "none" };
  if (!choice.selected) return { state: "pick", merchants: choice.merchants };
  return { state: "ready", merchant: choice.selected };
}

export interface CreateFormContext {
  gate: MerchantGate;
  /** The settled merchant's rules; absent until a merchant is settled (or when it left the scope). */
  rules?: MerchantRules;
  /** The sandbox's registered pay-out destinations for that merchant (demo mode), else none. */
  saved: SavedDestination[];
}

/** `savedDestinations`: only money-out forms offer them (the file is read only for those). */
export async function loadCreateForm(session: StaffSession, options: { savedDestinations: boolean }): Promise<CreateFormContext> {
  const gate = await merchantGate(session);
  if (gate.state !== "ready") return { gate, saved: [] };
  const rules = await merchantRules(await getDb(), session, gate.merchant.id);
  return { gate, rules, saved: options.savedDestinations ? savedDestinationsFor(gate.merchant) : [] };
}
