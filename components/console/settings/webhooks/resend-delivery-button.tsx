"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { compactButtonClass } from "@/components/ui/button";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { webhookRuleMessages } from "@/lib/outbound-webhooks/rule-messages";
import { outboundMessages } from "./outbound-messages";

/** "Resend" on one delivery of the log: queued again under the event's own webhook-id. */
export function ResendDeliveryButton({
  action,
  merchantId,
  deliveryId,
  label,
  locale,
}: {
  action: ServerAction<null>;
  merchantId: string;
  deliveryId: number;
  /** What the button is about, for a screen reader ("Resend: payin.paid to https://…"). */
  label: string;
  locale: Locale;
}) {
  const t = outboundMessages(locale);
  const router = useRouter();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const resend = () =>
    startTransition(async () => {
      setSaid(null);
      let answer: ActionResult<null>;
      try {
        answer = await action(null, { merchantId, deliveryId });
      } catch {
        setSaid({ ok: false, text: UNREACHABLE_MESSAGE });
        return;
      }
      setSaid(answer.ok ? { ok: true, text: t.resent } : { ok: false, text: webhookRuleMessages.words(locale, answer.message) });
      router.refresh();
    });
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button type="button" className={compactButtonClass} onClick={resend} disabled={isPending} aria-label={`${t.resend}: ${label}`}>
        {isPending ? t.resending : t.resend}
      </button>
      {said && (
        <span role={said.ok ? "status" : "alert"} className={`text-xs ${said.ok ? "text-emerald-800" : "text-red-700"}`}>
          {said.text}
        </span>
      )}
    </span>
  );
}
