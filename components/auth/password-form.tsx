"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { bindTextFields, FormNotice, TextField } from "@/components/ui/field";
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
  /** The person's passkeys, each kept unless unticked (lib/staff/password.ts); `added` is worded for the reader. */
  passkeys: { id: string; name: string; added: string }[];
}

export function PasswordForm({ action, locale, isForced, passkeys }: Props) {
  const t = authMessages(locale);
  const say = (text: string) => translateStaffMessage(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: changePasswordSchema,
    action,
    defaultValues: {
      currentPassword: "",
      newPassword: "",
      confirmPassword: "",
      passkeysListed: passkeys.map((p) => p.id),
      keepPasskeyIds: passkeys.map((p) => p.id),
    },
    onSuccess: (data) => {
      form.reset();
      if (data.wasForced) router.replace(CONSOLE_HOME);
      // Passkeys not kept are gone: the list shows what is left.
      else router.refresh();
    },
  });
  const field = bindTextFields(form, say);
  // Held here rather than registered: react-hook-form reads a lone checkbox as a string, not a list.
  const [kept, setKept] = useState(() => passkeys.map((p) => p.id));
  const keep = (id: string, isKept: boolean) => {
    const next = isKept ? [...kept.filter((k) => k !== id), id] : kept.filter((k) => k !== id);
    setKept(next);
    form.setValue("keepPasskeyIds", next);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5" data-testid="password-form">
      <FormNotice error={formError && say(formError)} success={result && !isForced ? t.passwordSaved : null} testId="password" />
      <TextField
        {...field("currentPassword")}
        type="password"
        autoComplete="current-password"
        label={isForced ? t.currentPasswordForced : t.currentPassword}
      />
      <TextField {...field("newPassword")} type="password" autoComplete="new-password" label={t.newPassword} hint={t.newPasswordHint} />
      <TextField {...field("confirmPassword")} type="password" autoComplete="new-password" label={t.confirmPassword} />
      {passkeys.length > 0 && (
        <fieldset className="rounded-lg border border-slate-200 bg-white p-4" data-testid="keep-passkeys">
          <legend className="px-1 text-sm font-medium">{t.keepPasskeysTitle}</legend>
          <p className="text-sm text-slate-700">{t.keepPasskeysIntro}</p>
          <ul className="mt-3 space-y-2">
            {passkeys.map((passkey) => (
              <li key={passkey.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="keepPasskeyIds"
                    value={passkey.id}
                    checked={kept.includes(passkey.id)}
                    onChange={(event) => keep(passkey.id, event.currentTarget.checked)}
                  />
                  {t.keepPasskey(passkey.name, passkey.added)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <SubmitButton label={t.savePassword} pendingLabel={t.savingPassword} isPending={isSubmitting || (result !== null && isForced)} />
    </form>
  );
}
