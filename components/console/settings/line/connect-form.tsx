"use client";

import { useRouter } from "next/navigation";
import { SubmitButton } from "@/components/ui/button";
import { bindTextFields, FormNotice, TextField } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { lineRuleMessages } from "@/lib/line/rule-messages";
import { connectLineSchema } from "@/lib/line/schemas";
import { lineMessages } from "./line-messages";

/** The channel access token and secret; checked with LINE by the server before anything is kept. */
export function ConnectLineForm({ action, locale }: { action: ServerAction<{ basicId: string; webhookSet: boolean }>; locale: Locale }) {
  const t = lineMessages(locale);
  const router = useRouter();
  const say = (text: string) => lineRuleMessages.words(locale, text);
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: connectLineSchema,
    action,
    defaultValues: { accessToken: "", secret: "" },
    onSuccess: () => {
      form.reset({ accessToken: "", secret: "" });
      router.refresh();
    },
  });
  const field = bindTextFields(form, say, "line");
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4" data-testid="line-connect">
      <FormNotice error={formError ? say(formError) : null} success={result ? t.connected(result.basicId) : null} testId="line-connect" />
      <TextField {...field("accessToken")} label={t.token} type="password" autoComplete="off" />
      <TextField {...field("secret")} label={t.secret} type="password" autoComplete="off" />
      <SubmitButton label={t.connect} pendingLabel={t.connecting} isPending={isSubmitting} />
    </form>
  );
}
