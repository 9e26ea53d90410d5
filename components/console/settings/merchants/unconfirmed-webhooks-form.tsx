"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { allowUnconfirmedWebhooksSchema } from "@/lib/merchants/settings-schemas";
import { SubmitButton } from "@/components/ui/button";
import { FieldMessage, FormNotice } from "@/components/ui/field";
import { merchantMessages, translateMerchantMessage } from "./merchant-messages";
import { useActionForm } from "@/components/ui/use-action-form";
import { compactButtonClass } from "@/components/ui/button";

/**
 * Whether webhooks PayDesk cannot confirm with the provider are applied anyway. Turning it on asks
 * for an explicit "I understand"; turning it off is one click. Both are audited by their action.
 */
export function UnconfirmedWebhooksForm({
  allow,
  refuse,
  merchantId,
  isOn,
  locale,
}: {
  allow: ServerAction<null>;
  refuse: ServerAction<null>;
  merchantId: string;
  isOn: boolean;
  locale: Locale;
}) {
  const t = merchantMessages(locale);
  const say = (text: string) => translateMerchantMessage(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, isDone, isSubmitting } = useActionForm({
    schema: allowUnconfirmedWebhooksSchema,
    action: allow,
    defaultValues: { merchantId, understood: false },
    onSuccess: () => router.refresh(),
  });
  const [refusal, setRefusal] = useState<{ error: string | null; isDone: boolean }>({ error: null, isDone: false });
  const [isRefusing, startRefusing] = useTransition();
  const turnOff = () =>
    startRefusing(async () => {
      let answer: ActionResult<null>;
      try {
        answer = await refuse(null, { merchantId });
      } catch {
        setRefusal({ error: UNREACHABLE_MESSAGE, isDone: false });
        return;
      }
      setRefusal(answer.ok ? { error: null, isDone: true } : { error: answer.message, isDone: false });
      if (answer.ok) router.refresh();
    });

  if (isOn) {
    return (
      <div className="space-y-3" data-testid="unconfirmed-webhooks-form">
        <FormNotice
          error={refusal.error && say(refusal.error)}
          success={refusal.isDone ? t.unconfirmedSaved : null}
          testId="unconfirmed-webhooks"
        />
        <p
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
          data-testid="unconfirmed-webhooks-status"
        >
          {t.unconfirmedOn}
        </p>
        <button type="button" onClick={turnOff} disabled={isRefusing} className={compactButtonClass}>
          {isRefusing ? t.unconfirmedAllowing : t.unconfirmedRefuse}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="unconfirmed-webhooks-form">
      <FormNotice error={formError && say(formError)} success={isDone ? t.unconfirmedSaved : null} testId="unconfirmed-webhooks" />
      <p className="text-sm text-slate-800" data-testid="unconfirmed-webhooks-status">
        {t.unconfirmedOff}
      </p>
      <input type="hidden" {...form.register("merchantId")} />
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-1 h-4 w-4" {...form.register("understood")} />
          <span>{t.unconfirmedUnderstood}</span>
        </label>
        <FieldMessage id="unconfirmed-understood-error" error={form.formState.errors.understood} translate={say} />
      </div>
      <SubmitButton label={t.unconfirmedAllow} pendingLabel={t.unconfirmedAllowing} isPending={isSubmitting} variant="danger" />
    </form>
  );
}
