"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import type { State } from "@/lib/requests/lifecycle";
import { detailMessages } from "./detail-messages";
import { stateLabels } from "./status-messages";

export type CheckOutcome = { before: State; after: State; changed: boolean; note: string };

/** "Re-check now": asks the provider at once instead of waiting for the next scheduled check. */
export function RecheckButton({ requestId, action, locale }: { requestId: string; action: ServerAction<CheckOutcome>; locale: Locale }) {
  const t = detailMessages(locale);
  const router = useRouter();
  const [state, formAction, isPending] = useActionState<ActionResult<CheckOutcome> | null, FormData>(action, null);
  useEffect(() => {
    // The page is a server component: fetch it again so every part shows the new state.
    if (state?.ok) router.refresh();
  }, [state, router]);
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="requestId" value={requestId} />
      <button
        type="submit"
        disabled={isPending}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60"
      >
        {isPending ? t.rechecking : t.recheck}
      </button>
      <span role="status" className="text-sm text-slate-700" data-testid="recheck-result">
        {state?.ok ? `${t.recheckDone(stateLabels(locale)[state.data.after])} ${state.data.note}` : ""}
      </span>
      {state && !state.ok && (
        <span role="alert" className="text-sm text-red-700">
          {state.message}
        </span>
      )}
    </form>
  );
}
