"use client";

import { SubmitButton } from "@/components/ui/button";
import { FormNotice } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { lineRuleMessages } from "@/lib/line/rule-messages";
import { LINE_CHOICE_KINDS, lineGroupSchema, type LineChoiceKind } from "@/lib/line/schemas";
import { lineKindMessages } from "@/lib/line/kind-messages";
import { lineMessages } from "./line-messages";

export interface LineGroupRow {
  groupId: string;
  name: string;
  merchantId: string | null;
  kinds: string[];
}

/** One group: the merchant whose news it gets and which news. */
export function LineGroupForm({
  group,
  merchants,
  action,
  locale,
}: {
  group: LineGroupRow;
  merchants: { id: string; name: string }[];
  action: ServerAction<{ groupId: string }>;
  locale: Locale;
}) {
  const t = lineMessages(locale);
  const kinds = lineKindMessages(locale);
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: lineGroupSchema,
    action,
    defaultValues: {
      groupId: group.groupId,
      merchantId: group.merchantId ?? "",
      kinds: group.kinds.filter((kind): kind is LineChoiceKind => (LINE_CHOICE_KINDS as readonly string[]).includes(kind)),
    },
  });
  const id = `line-group-${group.groupId}`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="line-group" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className="font-medium">
        {group.name}
      </h3>
      <FormNotice error={formError ? lineRuleMessages.words(locale, formError) : null} success={result ? t.saved : null} testId={id} />
      <div>
        <label htmlFor={`${id}-merchant`} className="block text-sm font-medium text-slate-700">
          {t.merchant}
        </label>
        <select
          id={`${id}-merchant`}
          className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          {...form.register("merchantId")}
        >
          <option value="">{t.noMerchant}</option>
          {merchants.map((merchant) => (
            <option key={merchant.id} value={merchant.id}>
              {merchant.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t.kinds}</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {LINE_CHOICE_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={kind} defaultChecked={group.kinds.includes(kind)} {...form.register("kinds")} />
              {kinds[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitButton label={t.save} pendingLabel={t.saving} isPending={isSubmitting} variant="plain" />
    </form>
  );
}
