"use client";

import { useRouter } from "next/navigation";
import { SubmitButton } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { bindTextFields, FieldMessage, FormNotice, inputClass, TextField } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { developerRuleMessages } from "@/lib/merchant-api/keys/rule-messages";
import { createApiKeySchema } from "@/lib/merchant-api/keys/schemas";
import { API_SCOPES, MONEY_OUT_SCOPES } from "@/lib/merchant-api/keys/scopes";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { developerMessages, scopeMessages } from "./developer-messages";

/**
 * Makes an API key for the merchant. The key lives only in this component's state: shown once, with
 * a copy button, gone on reload; the server keeps only its hash. Money-out scopes start unticked.
 */
export function ApiKeyForm({
  action,
  merchantId,
  defaultMode,
  locale,
}: {
  action: ServerAction<{ key: string; id: string }>;
  merchantId: string;
  /** Test where the merchant's requests go to the sandbox, live where they go to the real provider. */
  defaultMode: "test" | "live";
  locale: Locale;
}) {
  const t = developerMessages(locale);
  const scopes = scopeMessages(locale);
  const say = (text: string) => developerRuleMessages.words(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: createApiKeySchema,
    action,
    defaultValues: { merchantId, name: "", mode: defaultMode, scopes: ["checkouts:write", "requests:read"], expiresOn: "" },
    onSuccess: () => {
      form.reset({ merchantId, name: "", mode: defaultMode, scopes: ["checkouts:write", "requests:read"], expiresOn: "" });
      router.refresh();
    },
  });
  const { errors } = form.formState;
  const field = bindTextFields(form, say, "api-key");
  return (
    <div className="space-y-4">
      {result && (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="new-api-key">
          <p className="font-medium">{t.shownOnce}</p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <code id="new-api-key-value" className="break-all rounded bg-white px-2 py-1 font-mono text-xs" aria-label={t.keyLabel}>
              {result.key}
            </code>
            <CopyButton value={result.key} labels={{ copy: t.copy, copied: t.copied }} label={t.keyLabel} />
          </p>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="api-key-form" aria-label={t.newKey}>
        <FormNotice error={formError && say(formError)} testId="api-key" />
        <TextField {...field("name")} label={t.name} hint={t.nameHint} autoComplete="off" />
        <fieldset>
          <legend className="block text-sm font-medium text-slate-700">{t.mode}</legend>
          <div className="mt-1 flex gap-6">
            {(["test", "live"] as const).map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-sm">
                <input type="radio" value={mode} {...form.register("mode")} />
                {mode === "test" ? t.modeTest : t.modeLive}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset aria-describedby="api-key-scopes-hint api-key-scopes-error">
          <legend className="block text-sm font-medium text-slate-700">{t.scopes}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {API_SCOPES.map((scope) => (
              <label key={scope} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
                <input type="checkbox" value={scope} {...form.register("scopes")} />
                <span>{scopes[scope]}</span>
                {/* Set apart from the words, so "Read requests" never reads as one with "requests:read". */}
                <code className="rounded bg-slate-100 px-1 text-xs text-slate-700">{scope}</code>
              </label>
            ))}
          </div>
          <p id="api-key-scopes-hint" className="mt-1 text-sm text-slate-600">
            {t.moneyOutHint} ({MONEY_OUT_SCOPES.join(", ")})
          </p>
          <FieldMessage id="api-key-scopes-error" error={errors.scopes as { message?: string } | undefined} translate={say} />
        </fieldset>
        <div>
          <label htmlFor="api-key-expires" className="block text-sm font-medium text-slate-700">
            {t.expiresOn}
          </label>
          <input id="api-key-expires" type="date" className={`${inputClass} max-w-xs`} {...form.register("expiresOn")} />
          <FieldMessage id="api-key-expires-error" error={errors.expiresOn} translate={say} />
        </div>
        <SubmitButton label={t.create} pendingLabel={t.creating} isPending={isSubmitting} />
      </form>
    </div>
  );
}
