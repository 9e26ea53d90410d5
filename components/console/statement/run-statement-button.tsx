"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { secondaryButtonClass } from "@/components/ui/button";
import { statementMessages } from "./statement-messages";

export type RunOutcome = { findings: number; movements: number } | { failure: string };

/** "Read and reconcile now": the day read again from the provider, then the page shows the new statement. */
export function RunStatementButton({
  merchantId,
  day,
  action,
  locale,
}: {
  merchantId: string;
  day: string;
  action: ServerAction<RunOutcome>;
  locale: Locale;
}) {
  const t = statementMessages(locale);
  const router = useRouter();
  const [state, formAction, isPending] = useActionState<ActionResult<RunOutcome> | null, FormData>(action, null);
  useEffect(() => {
    if (state?.ok) router.refresh();
  }, [state, router]);
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="merchantId" value={merchantId} />
      <input type="hidden" name="day" value={day} />
      <button type="submit" disabled={isPending} className={secondaryButtonClass} data-testid="statement-run">
        {isPending ? t.running : t.run}
      </button>
      <span role="status" className="text-sm text-slate-700" data-testid="statement-run-result">
        {state?.ok ? ("failure" in state.data ? t.runFailed(state.data.failure) : t.ran(state.data.movements, state.data.findings)) : ""}
      </span>
      {state && !state.ok && (
        <span role="alert" className="text-sm text-red-700">
          {state.message}
        </span>
      )}
    </form>
  );
}
