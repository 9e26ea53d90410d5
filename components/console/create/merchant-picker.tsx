"use client";

import { useActionState } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import { secondaryButtonClass } from "@/components/ui/button";

interface Props {
  merchants: Array<{ id: string; displayName: string }>;
  action: ServerAction<{ merchantId: string }>;
  title: string;
  detail: string;
}

/** Asks which merchant a new request is for, when the person works for several and has not chosen. */
export function MerchantPicker({ merchants, action, title, detail }: Props) {
  const [state, formAction, isPending] = useActionState<ActionResult<{ merchantId: string }> | null, FormData>(action, null);
  return (
    <section
      aria-labelledby="pick-merchant"
      className="mt-6 max-w-xl rounded-md border border-slate-200 bg-white p-6"
      data-testid="merchant-picker"
    >
      <h2 id="pick-merchant" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{detail}</p>
      <form action={formAction} className="mt-4 flex flex-wrap gap-3">
        {merchants.map((m) => (
          <button key={m.id} type="submit" name="merchantId" value={m.id} disabled={isPending} className={secondaryButtonClass}>
            {m.displayName}
          </button>
        ))}
      </form>
      {state && !state.ok && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {state.message}
        </p>
      )}
    </section>
  );
}
