"use client";

import { useRouter } from "next/navigation";
import { SubmitButton } from "@/components/ui/button";
import { Field, fieldA11y, FormNotice, inputClass } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { developerRuleMessages } from "@/lib/merchant-api/keys/rule-messages";
import { returnOriginsSchema } from "@/lib/merchant-api/keys/schemas";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { developerMessages } from "./developer-messages";

/** The origins a checkout made through the API may send the customer back to, one per line. */
export function ReturnOriginsForm({
  action,
  merchantId,
  origins,
  locale,
}: {
  action: ServerAction<{ origins: string[] }>;
  merchantId: string;
  origins: readonly string[];
  locale: Locale;
}) {
  const t = developerMessages(locale);
  const say = (text: string) => developerRuleMessages.words(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, isDone, isSubmitting } = useActionForm({
    schema: returnOriginsSchema,
    action,
    defaultValues: { merchantId, origins: origins.join("\n") },
    onSuccess: (data) => {
      form.reset({ merchantId, origins: data.origins.join("\n") });
      router.refresh();
    },
  });
  const error = form.formState.errors.origins?.message;
  const message = error ? say(error) : undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="return-origins-form">
      <FormNotice error={formError && say(formError)} success={isDone ? t.originsSaved : null} testId="return-origins" />
      <Field id="return-origins" label={t.originsLabel} error={message}>
        <textarea
          rows={4}
          spellCheck={false}
          className={`${inputClass} font-mono`}
          {...fieldA11y("return-origins", false, message)}
          {...form.register("origins")}
        />
      </Field>
      <SubmitButton label={t.saveOrigins} pendingLabel={t.savingOrigins} isPending={isSubmitting} />
    </form>
  );
}
