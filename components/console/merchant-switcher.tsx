"use client";

import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { selectAllMerchantsAction } from "@/app/(console)/actions";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import { usePageMerchant } from "./merchant-scope";

/** The "All merchants" choice's value (lib/navigation/selected-merchant.ts ALL_MERCHANTS). */
const ALL = "all";

type Labels = { merchant: string; noMerchants: string; switchMerchant: string; allMerchants: string };
type Choice = ActionResult<{ merchantId: string }> | null;

interface Props {
  merchants: Array<{ id: string; displayName: string }>;
  /** The switcher's choice: a merchant id, or null for all merchants. */
  selectedId: string | null;
  action: ServerAction<{ merchantId: string }>;
  labels?: Labels;
}

const ENGLISH: Labels = { merchant: "Merchant", noMerchants: "No merchants yet", switchMerchant: "Switch", allMerchants: "All merchants" };

/**
 * Picks the merchant the console works on, or all of them; the choice is kept in a cookie by the
 * actions. It shows what the page shows: a page pinned to another merchant (merchant-scope.tsx)
 * is shown with its note, and switching then leaves that page for one that follows the choice.
 */
export function MerchantSwitcher({ merchants, selectedId, action, labels = ENGLISH }: Props) {
  const router = useRouter();
  const pin = usePageMerchant();
  const [picked, pick, isPicking] = useActionState<Choice, FormData>(action, null);
  const [all, pickAll, isPickingAll] = useActionState<Choice, FormData>(selectAllMerchantsAction, null);
  const shown = pin?.merchantId ?? selectedId ?? ALL;
  const note = pin && pin.merchantId !== (selectedId ?? ALL) ? pin.note : null;
  const leaveFrom = useRef<string | null>(null);
  const state = picked ?? all;

  useEffect(() => {
    const leaveTo = leaveFrom.current;
    if (!leaveTo || !(picked?.ok || all?.ok)) return;
    leaveFrom.current = null;
    router.push(leaveTo);
  }, [picked, all, router]);

  if (merchants.length === 0) {
    return <p className="text-sm text-slate-600">{labels.noMerchants}</p>;
  }
  const several = merchants.length > 1;
  return (
    <form action={pick} className="flex items-center gap-2">
      <label htmlFor="merchant-switcher" className="text-sm text-slate-600">
        {labels.merchant}
      </label>
      <select
        key={shown}
        id="merchant-switcher"
        name="merchantId"
        defaultValue={shown}
        disabled={isPicking || isPickingAll}
        aria-describedby={note ? "merchant-switcher-note" : undefined}
        onChange={(event) => {
          const form = event.currentTarget.form!;
          leaveFrom.current = pin && pin.merchantId !== event.currentTarget.value ? pin.leaveTo : null;
          if (event.currentTarget.value === ALL) startTransition(() => pickAll(new FormData(form)));
          else form.requestSubmit();
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {several && <option value={ALL}>{labels.allMerchants}</option>}
        {merchants.map((m) => (
          <option key={m.id} value={m.id}>
            {m.displayName}
          </option>
        ))}
      </select>
      {note && (
        <span id="merchant-switcher-note" className="text-xs text-slate-600" data-testid="merchant-switcher-note">
          {note}
        </span>
      )}
      <noscript>
        <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 text-sm">
          {labels.switchMerchant}
        </button>
        {several && (
          <button type="submit" formAction={pickAll} className="ml-2 rounded-md border border-slate-300 px-2 py-1 text-sm">
            {labels.allMerchants}
          </button>
        )}
      </noscript>
      {state && !state.ok && (
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      )}
    </form>
  );
}
