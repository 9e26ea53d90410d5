import type { ServerAction } from "@/lib/auth/action";
import type { MerchantGate } from "@/lib/requests/create-page";
import { MerchantPicker } from "./merchant-picker";
import type { CreateMessages } from "./messages";

/** What to show instead of the page when no merchant is settled yet (null when it is). */
export function GateNotice({
  gate,
  t,
  selectMerchantAction,
}: {
  gate: MerchantGate;
  t: CreateMessages;
  selectMerchantAction: ServerAction<{ merchantId: string }>;
}) {
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
