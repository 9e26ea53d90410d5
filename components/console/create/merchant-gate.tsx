import "server-only";
import type { ServerAction } from "@/lib/auth/action";
import { selectedMerchant } from "@/lib/auth/selected-merchant";
import type { StaffSession } from "@/lib/auth/session";
import type { MerchantSummary } from "@/lib/merchants/queries";
import { MerchantPicker } from "./merchant-picker";
import type { CreateMessages } from "./messages";

export type MerchantGate = { state: "none" } | { state: "pick"; merchants: MerchantSummary[] } | { state: "ready"; merchant: MerchantSummary };

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

/** What to show instead of the page when no merchant is settled yet (null when it is). */
export function GateNotice({ gate, t, selectMerchantAction }: { gate: MerchantGate; t: CreateMessages; selectMerchantAction: ServerAction<{ merchantId: string }> }) {
  if (gate.state === "none") {
    return (
      <p className="mt-6 max-w-xl rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status">
        {t.noMerchants}
      </p>
    );
  }
  if (gate.state === "pick") {
    return (
      <MerchantPicker
        merchants={gate.merchants.map(({ id, displayName }) => ({ id, displayName }))}
        action={selectMerchantAction}
        title={t.pickMerchantTitle}
        detail={t.pickMerchantDetail}
      />
    );
  }
  return null;
}
