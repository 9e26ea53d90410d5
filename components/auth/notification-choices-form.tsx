"use client";

import { SubmitButton } from "@/components/ui/button";
import { FormNotice } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { notificationChoicesSchema, type NotificationChoices, type NotificationField } from "@/lib/notify/choice-schema";
import { notificationMessages } from "./notification-messages";

interface Props {
  action: ServerAction<{ userId: string }>;
  locale: Locale;
  /** The e-mails the person's role can get (lib/notify/choices.ts); the others are not shown. */
  offered: NotificationField[];
  choices: NotificationChoices;
}

/** One checkbox per staff e-mail the person can get, checked = send it. */
export function NotificationChoicesForm({ action, locale, offered, choices }: Props) {
  const t = notificationMessages(locale);
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: notificationChoicesSchema,
    action,
    defaultValues: choices,
  });
  const words: Record<NotificationField, { label: string; hint: string }> = {
    approvalWaiting: { label: t.approvalWaiting, hint: t.approvalWaitingHint },
    needsReview: { label: t.needsReview, hint: t.needsReviewHint },
    payoutFailed: { label: t.payoutFailed, hint: t.payoutFailedHint },
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5" data-testid="notification-choices">
      <FormNotice error={formError} success={result ? t.saved : null} testId="notification-choices" />
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium">{t.legend}</legend>
        {offered.map((field) => (
          <div key={field} className="flex items-start gap-3">
            <input
              id={`notify-${field}`}
              type="checkbox"
              className="mt-1 h-4 w-4"
              aria-describedby={`notify-${field}-hint`}
              // In the server's HTML too, not only once react-hook-form has taken the form over.
              defaultChecked={choices[field]}
              {...form.register(field)}
            />
            <div>
              <label htmlFor={`notify-${field}`} className="text-sm font-medium">
                {words[field].label}
              </label>
              <p id={`notify-${field}-hint`} className="text-sm text-slate-700">
                {words[field].hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <SubmitButton label={t.save} pendingLabel={t.saving} isPending={isSubmitting} />
    </form>
  );
}
