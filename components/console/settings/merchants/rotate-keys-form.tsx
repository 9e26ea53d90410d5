"use client";

import { useRouter } from "next/navigation";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { rotateKeysSchema } from "@/lib/merchants/settings-schemas";
import { SubmitButton } from "@/components/ui/button";
import { bindTextFields, FieldMessage, FormNotice, TextField } from "@/components/ui/field";
import { merchantMessages, translateMerchantMessage } from "./merchant-messages";
import { useActionForm } from "@/components/ui/use-action-form";

type Rotated = { submitKeyLast4: string; readKeyLast4: string | null };

/** New keys from the provider, typed once; the answer names only their last four characters. */
export function RotateKeysForm({
  action,
  merchantId,
  hasReadKey,
  locale,
}: {
  action: ServerAction<Rotated>;
  merchantId: string;
  hasReadKey: boolean;
  locale: Locale;
}) {
  const t = merchantMessages(locale);
  const say = (text: string) => translateMerchantMessage(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: rotateKeysSchema,
    action,
    defaultValues: { merchantId, submitKey: "", readKey: "", removeReadKey: false },
    onSuccess: () => {
      // The typed keys leave the page at once; the summary above shows the new last four.
      form.reset({ merchantId, submitKey: "", readKey: "", removeReadKey: false });
      router.refresh();
    },
  });
  const { errors } = form.formState;
  const field = bindTextFields(form, say, "rotate");
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="rotate-keys-form">
      <FormNotice
        error={formError && say(formError)}
        success={result && t.keysSaved(result.submitKeyLast4, result.readKeyLast4)}
        testId="rotate-keys"
      />
      <input type="hidden" {...form.register("merchantId")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("submitKey")} type="password" autoComplete="off" label={t.newSubmitKey} />
        <TextField {...field("readKey")} type="password" autoComplete="off" label={t.newReadKey} />
      </div>
      {hasReadKey && (
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-1 h-4 w-4" {...form.register("removeReadKey")} />
            <span>{t.removeReadKey}</span>
          </label>
          <FieldMessage id="rotate-removeReadKey-error" error={errors.removeReadKey} translate={say} />
        </div>
      )}
      <SubmitButton label={t.saveKeys} pendingLabel={t.savingKeys} isPending={isSubmitting} />
    </form>
  );
}
