"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { dangerButtonClass, SubmitButton } from "@/components/ui/button";
import { FormNotice } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import { secondFactorPolicySchema } from "@/lib/auth/second-factor-rules";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { staffMessages as staffRuleMessages } from "@/lib/staff/rule-messages";
import { ConfirmDialog } from "../../confirm-dialog";
import { secondFactorAdminMessages } from "./second-factor-messages";

/** The roles that must sign in with a second factor. */
export function SecondFactorPolicyForm({
  action,
  roles,
  chosen,
  locale,
}: {
  action: ServerAction<{ roles: string[] }>;
  /** Each role with its label, in order. */
  roles: { role: string; label: string }[];
  chosen: string[];
  locale: Locale;
}) {
  const t = secondFactorAdminMessages(locale);
  const router = useRouter();
  const { form, onSubmit, formError, isDone, isSubmitting } = useActionForm({
    schema: secondFactorPolicySchema,
    action,
    defaultValues: { roles: chosen },
    onSuccess: () => router.refresh(),
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="second-factor-policy" aria-label={t.policyTitle}>
      <FormNotice
        error={formError && staffRuleMessages.words(locale, formError)}
        success={isDone ? t.saved : null}
        testId="second-factor-policy"
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t.policyRoles}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {roles.map(({ role, label }) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={role} {...form.register("roles")} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitButton label={t.save} pendingLabel={t.saving} isPending={isSubmitting} variant="plain" />
    </form>
  );
}

/** A person's second factor, and the admin's reset after a confirmation. */
export function SecondFactorReset({
  action,
  userId,
  hasSecondFactor,
  locale,
}: {
  action: ServerAction<{ userId: string }>;
  userId: string;
  hasSecondFactor: boolean;
  locale: Locale;
}) {
  const t = secondFactorAdminMessages(locale);
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [, startTransition] = useTransition();
  const reset = () =>
    startTransition(async () => {
      let answer: ActionResult<{ userId: string }>;
      try {
        answer = await action(null, { userId });
      } catch {
        setSaid({ ok: false, text: UNREACHABLE_MESSAGE });
        return;
      }
      setConfirming(false);
      setSaid(answer.ok ? { ok: true, text: t.resetDone } : { ok: false, text: staffRuleMessages.words(locale, answer.message) });
      router.refresh();
    });
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" data-testid="person-second-factor">
        {hasSecondFactor ? t.personOn : t.personOff}
      </p>
      <FormNotice error={said && !said.ok ? said.text : null} success={said?.ok ? said.text : null} testId="second-factor-reset" />
      {hasSecondFactor && (
        <button type="button" className={dangerButtonClass} onClick={() => setConfirming(true)}>
          {t.reset}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.resetTitle}
        confirmLabel={t.reset}
        cancelLabel={t.cancel}
        onConfirm={reset}
        onClose={() => setConfirming(false)}
      >
        <p>{t.resetBody}</p>
      </ConfirmDialog>
    </div>
  );
}

/** Ends every session of the person (a lost laptop), after a confirmation. */
export function EndSessionsButton({
  action,
  userId,
  locale,
}: {
  action: ServerAction<{ userId: string; ended: number }>;
  userId: string;
  locale: Locale;
}) {
  const t = secondFactorAdminMessages(locale);
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [, startTransition] = useTransition();
  const end = () =>
    startTransition(async () => {
      let answer: ActionResult<{ userId: string; ended: number }>;
      try {
        answer = await action(null, { userId });
      } catch {
        setSaid({ ok: false, text: UNREACHABLE_MESSAGE });
        return;
      }
      setConfirming(false);
      setSaid(answer.ok ? { ok: true, text: t.sessionsEnded } : { ok: false, text: staffRuleMessages.words(locale, answer.message) });
    });
  return (
    <div className="space-y-3">
      <FormNotice error={said && !said.ok ? said.text : null} success={said?.ok ? said.text : null} testId="end-sessions" />
      <button type="button" className={dangerButtonClass} onClick={() => setConfirming(true)}>
        {t.endSessions}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t.endSessionsTitle}
        confirmLabel={t.endSessions}
        cancelLabel={t.cancel}
        onConfirm={end}
        onClose={() => setConfirming(false)}
      >
        <p>{t.endSessionsBody}</p>
      </ConfirmDialog>
    </div>
  );
}
