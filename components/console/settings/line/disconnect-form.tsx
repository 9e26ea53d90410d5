"use client";

import { useRouter } from "next/navigation";
import { SubmitButton } from "@/components/ui/button";
import { FormNotice } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { lineRuleMessages } from "@/lib/line/rule-messages";
import { emptySchema } from "@/lib/line/schemas";
import { lineMessages } from "./line-messages";

/** Disconnects the LINE account: its token and secret are forgotten; nothing more is sent by LINE. */
export function DisconnectLineForm({ action, locale }: { action: ServerAction<{ disconnected: boolean }>; locale: Locale }) {
  const t = lineMessages(locale);
  const router = useRouter();
  const { onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: emptySchema,
    action,
    defaultValues: {},
    onSuccess: () => router.refresh(),
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3" data-testid="line-disconnect">
      <FormNotice
        error={formError ? lineRuleMessages.words(locale, formError) : null}
        success={result ? t.disconnected : null}
        testId="line-disconnect"
      />
      <SubmitButton label={t.disconnect} pendingLabel={t.disconnecting} isPending={isSubmitting} variant="danger" />
    </form>
  );
}
