"use client";

import { useActionState } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";

export function SignOutButton({
  action,
  label = "Sign out",
  pendingLabel = label,
}: {
  action: ServerAction<null>;
  label?: string;
  pendingLabel?: string;
}) {
  const [, formAction, isPending] = useActionState<ActionResult<null> | null, FormData>(action, null);
  return (
    <form action={formAction}>
      <button
        type="submit"
        disabled={isPending}
        className="rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-100 disabled:opacity-60"
      >
        {isPending ? pendingLabel : label}
      </button>
    </form>
  );
}
