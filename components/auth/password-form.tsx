"use client";

import { useRouter } from "next/navigation";
import { SubmitButton } from "@/components/ui/button";
import { FormNotice, TextField } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { translateStaffMessage } from "@/lib/staff/rule-messages";
import { changePasswordSchema } from "@/lib/staff/schemas";
import { authMessages } from "./auth-messages";
import { CONSOLE_HOME } from "@/lib/auth/callback-path";

interface Props {
  action: ServerAction<{ userId: string; wasForced: boolean }>;
  locale: Locale;
  /** On a one-time password: after saving, go on to the console. */
  isForced: boolean;
}

export function PasswordForm({ action, locale, isForced }: Props) {
  const t = authMessages(locale);
  const say = (text: string) => translateStaffMessage(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: changePasswordSchema,
    action,
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    onSuccess: (data) => {
      form.reset();
      if (data.wasForced) router.replace(CONSOLE_HOME);
    },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5" data-testid="password-form">
      <FormNotice error={formError && say(formError)} success={result && !isForced ? t.passwordSaved : null} testId="password" />
      <TextField
        id="currentPassword"
        type="password"
        autoComplete="current-password"
        label={isForced ? t.currentPasswordForced : t.currentPassword}
        error={errors.currentPassword}
        translate={say}
        registration={form.register("currentPassword")}
      />
      <TextField
        id="newPassword"
        type="password"
        autoComplete="new-password"
        label={t.newPassword}
        hint={t.newPasswordHint}
        error={errors.newPassword}
        translate={say}
        registration={form.register("newPassword")}
      />
      <TextField
        id="confirmPassword"
        type="password"
        autoComplete="new-password"
        label={t.confirmPassword}
        error={errors.confirmPassword}
        translate={say}
        registration={form.register("confirmPassword")}
      />
      <SubmitButton label={t.savePassword} pendingLabel={t.savingPassword} isPending={isSubmitting || (result !== null && isForced)} />
    </form>
  );
}
