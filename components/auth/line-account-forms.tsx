"use client";

import { ActionButtonForm } from "@/components/ui/action-button-form";
import { SubmitButton } from "@/components/ui/button";
import { FormNotice } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { lineRuleMessages } from "@/lib/line/rule-messages";
import { lineChoicesSchema, startLinkSchema, type LineChoiceKind } from "@/lib/line/schemas";
import { lineKindMessages } from "@/lib/line/kind-messages";
import { lineAccountMessages } from "./line-account-messages";

/** One checkbox per LINE message the person's role can get, checked = send it. */
export function LineChoicesForm({
  action,
  locale,
  offered,
  chosen,
}: {
  action: ServerAction<{ userId: string }>;
  locale: Locale;
  offered: LineChoiceKind[];
  chosen: LineChoiceKind[];
}) {
  const t = lineAccountMessages(locale);
  const kinds = lineKindMessages(locale);
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: lineChoicesSchema,
    action,
    defaultValues: { kinds: chosen },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" data-testid="line-choices">
      <FormNotice error={formError} success={result ? t.saved : null} testId="line-choices" />
      <fieldset>
        <legend className="text-sm font-medium">{t.legend}</legend>
        <div className="mt-2 space-y-2">
          {offered.map((kind) => (
            <label key={kind} className="flex items-center gap-3 text-sm">
              <input type="checkbox" className="h-4 w-4" value={kind} defaultChecked={chosen.includes(kind)} {...form.register("kinds")} />
              {kinds[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitButton label={t.save} pendingLabel={t.saving} isPending={isSubmitting} />
    </form>
  );
}

export function UnlinkLineForm({ action, locale }: { action: ServerAction<{ userId: string }>; locale: Locale }) {
  const t = lineAccountMessages(locale);
  return (
    <ActionButtonForm
      action={action}
      label={t.unlink}
      pendingLabel={t.unlinking}
      success={t.unlinked}
      variant="plain"
      testId="line-unlink"
    />
  );
}

/** The link page's one button: PayDesk makes a nonce for this person, then sends the browser to LINE's dialog. */
export function LinkLineForm({ action, locale, linkToken }: { action: ServerAction<unknown>; locale: Locale; linkToken: string }) {
  const t = lineAccountMessages(locale);
  const { onSubmit, formError, isSubmitting } = useActionForm({ schema: startLinkSchema, action, defaultValues: { linkToken } });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-3" data-testid="line-link">
      <FormNotice error={formError ? lineRuleMessages.words(locale, formError) : null} testId="line-link" />
      <SubmitButton label={t.linkConfirm} pendingLabel={t.linkConfirming} isPending={isSubmitting} />
    </form>
  );
}
