"use client";

import { useActionState } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";

interface Props {
  merchants: Array<{ id: string; displayName: string }>;
  selectedId: string | null;
  action: ServerAction<{ merchantId: string }>;
  labels?: { merchant: string; noMerchants: string; switchMerchant: string };
}

const ENGLISH = { merchant: "Merchant", noMerchants: "No merchants yet", switchMerchant: "Switch" };

/** Picks the merchant the console works on; the choice is kept in a cookie by the action. */
export function MerchantSwitcher({ merchants, selectedId, action, labels = ENGLISH }: Props) {
  const [state, formAction, isPending] = useActionState<ActionResult<{ merchantId: string }> | null, FormData>(action, null);
  if (merchants.length === 0) {
    return <p className="text-sm text-slate-600">{labels.noMerchants}</p>;
  }
  return (
    <form action={formAction} className="flex items-center gap-2">
      <label htmlFor="merchant-switcher" className="text-sm text-slate-600">
        {labels.merchant}
      </label>
      <select
        key={selectedId}
        id="merchant-switcher"
        name="merchantId"
        defaultValue={selectedId ?? undefined}
        disabled={isPending}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {merchants.map((m) => (
          <option key={m.id} value={m.id}>
            {m.displayName}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 text-sm">
          {labels.switchMerchant}
        </button>
      </noscript>
      {state && !state.ok && (
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      )}
    </form>
  );
}
