"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { useStepUp } from "@/components/ui/step-up";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import { bulkMessages } from "@/lib/bulk/messages";
import type { Locale } from "@/lib/i18n";

interface Props {
  merchantId: string;
  batchId: string;
  /** "Create 120 Pay-Outs, ฿1,234,567.00": what confirming does, on its button. */
  confirmLabel: string;
  /** False while a line has a problem: only discarding is offered. */
  canConfirm: boolean;
  /** Lines that pay someone the same amount again: confirming needs a ticked box naming their count and total. */
  duplicates: { count: number; totalSatang: number; label: string } | null;
  locale: Locale;
  confirmAction: ServerAction<{ status: "confirmed" | "already" }>;
  cancelAction: ServerAction<{ canceled: boolean }>;
}

/** Confirm a checked file (a fresh second factor first, for a person who has one), or discard it. */
export function BatchControls({ merchantId, batchId, confirmLabel, canConfirm, duplicates, locale, confirmAction, cancelAction }: Props) {
  const t = bulkMessages(locale);
  const router = useRouter();
  const withStepUp = useStepUp();
  const [confirmed, confirm, isConfirming] = useActionState<ActionResult<{ status: "confirmed" | "already" }> | null, FormData>(
    (previous, formData) => withStepUp(() => confirmAction(previous, formData)),
    null,
  );
  const [canceled, cancel, isCanceling] = useActionState<ActionResult<{ canceled: boolean }> | null, FormData>(
    (previous, formData) => cancelAction(previous, formData),
    null,
  );
  // The page shows the file's new status (and, once confirmed, its lines turning into requests).
  useEffect(() => {
    if (confirmed?.ok || canceled?.ok) router.refresh();
  }, [confirmed, canceled, router]);
  const failure = (confirmed && !confirmed.ok ? confirmed.message : null) ?? (canceled && !canceled.ok ? canceled.message : null);
  const busy = isConfirming || isCanceling;
  return (
    <div className="mt-6 space-y-3">
      <div aria-live="polite">
        {failure && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {canConfirm && (
          <form action={confirm} className="flex flex-wrap items-center gap-4">
            <input type="hidden" name="merchantId" value={merchantId} />
            <input type="hidden" name="batchId" value={batchId} />
            {duplicates && (
              <label className="flex items-start gap-2 text-sm font-medium text-amber-950" data-testid="bulk-duplicates-ack">
                <input type="checkbox" name="acknowledged" value="yes" required className="mt-1" />
                <input type="hidden" name="ackCount" value={duplicates.count} />
                <input type="hidden" name="ackTotalSatang" value={duplicates.totalSatang} />
                {duplicates.label}
              </label>
            )}
            <button type="submit" className={primaryButtonClass} disabled={busy} data-testid="bulk-confirm">
              {confirmLabel}
            </button>
          </form>
        )}
        <form action={cancel}>
          <input type="hidden" name="merchantId" value={merchantId} />
          <input type="hidden" name="batchId" value={batchId} />
          <button type="submit" className={secondaryButtonClass} disabled={busy}>
            {t.cancel}
          </button>
        </form>
      </div>
      {canConfirm && <p className="text-sm text-slate-600">{t.confirmNote}</p>}
    </div>
  );
}
