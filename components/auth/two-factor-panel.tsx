"use client";

import { useRouter } from "next/navigation";
import { QRCodeSVG } from "qrcode.react";
import { useState, useTransition } from "react";
import { secondaryButtonClass, SubmitButton } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { bindTextFields, FormNotice, TextField } from "@/components/ui/field";
import { useStepUp } from "@/components/ui/step-up";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import { secondFactorCodeSchema, secondFactorRules } from "@/lib/auth/second-factor-rules";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { PasswordAgainField } from "./password-again-field";
import { securityMessages } from "./security-messages";

type Codes = { recoveryCodes: string[] };

function RecoveryCodes({ codes, locale }: { codes: string[]; locale: Locale }) {
  const t = securityMessages(locale);
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="recovery-codes">
      <p className="font-medium">{t.recoveryShownOnce}</p>
      <ul className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm" aria-label={t.recoveryLabel}>
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <CopyButton value={codes.join("\n")} labels={{ copy: t.copy, copied: t.copied }} label={t.recoveryLabel} />
      </p>
    </div>
  );
}

/**
 * Turning the authenticator app on: a secret to scan or type, then a first code to prove it works.
 * Starting needs the password again when it is the person's first second factor, else a fresh
 * check with the one they have (the step-up dialog).
 */
function Enrol({
  begin,
  confirm,
  needsPassword,
  locale,
}: {
  begin: ServerAction<{ secret: string; uri: string }>;
  confirm: ServerAction<Codes>;
  needsPassword: boolean;
  locale: Locale;
}) {
  const t = securityMessages(locale);
  const say = (text: string) => secondFactorRules.words(locale, text);
  const router = useRouter();
  const withStepUp = useStepUp();
  const [pending, setPending] = useState<{ secret: string; uri: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [isStarting, startTransition] = useTransition();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { form, onSubmit, formError, isSubmitting } = useActionForm({
    schema: secondFactorCodeSchema,
    action: confirm,
    defaultValues: { code: "" },
    onSuccess: (data) => setCodes(data.recoveryCodes),
  });
  const start = () =>
    startTransition(async () => {
      setError(null);
      setPasswordError(null);
      let answer: ActionResult<{ secret: string; uri: string }>;
      try {
        answer = await withStepUp(() => begin(null, needsPassword ? { password } : {}));
      } catch {
        setError(UNREACHABLE_MESSAGE);
        return;
      }
      setPassword("");
      if (answer.ok) setPending(answer.data);
      else if (answer.fieldErrors.password?.[0]) setPasswordError(say(answer.fieldErrors.password[0]));
      else setError(say(answer.message));
    });
  if (codes)
    return (
      <div className="space-y-3">
        <RecoveryCodes codes={codes} locale={locale} />
        <button type="button" className={secondaryButtonClass} onClick={() => router.refresh()}>
          {t.done}
        </button>
      </div>
    );
  if (!pending)
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700" data-testid="totp-status">
          {t.off}
        </p>
        <FormNotice error={error} testId="totp-begin" />
        {needsPassword && (
          <PasswordAgainField
            id="totp-password"
            label={t.passwordAgain}
            hint={t.passwordAgainHint}
            error={passwordError}
            value={password}
            onChange={setPassword}
            className="max-w-sm"
          />
        )}
        <button type="button" className={secondaryButtonClass} onClick={start} disabled={isStarting}>
          {isStarting ? t.settingUp : t.setUp}
        </button>
      </div>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t.scan}</p>
      <div className="flex flex-wrap items-start gap-6">
        <div className="rounded-md border border-slate-200 bg-white p-3">
          <QRCodeSVG value={pending.uri} size={176} role="img" aria-label={t.qrLabel} />
        </div>
        <p className="text-sm">
          <span className="block font-medium text-slate-700">{t.key}</span>
          <code className="mt-1 block break-all font-mono text-base tracking-wider" data-testid="totp-key">
            {pending.secret.replace(/(.{4})/g, "$1 ").trim()}
          </code>
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="max-w-xs space-y-3" data-testid="totp-confirm-form">
        <FormNotice error={formError && say(formError)} testId="totp-confirm" />
        <TextField
          {...bindTextFields(form, say, "totp")("code")}
          label={t.confirmCode}
          hint={t.confirmHint}
          inputMode="decimal"
          autoComplete="one-time-code"
        />
        <SubmitButton label={t.confirm} pendingLabel={t.confirming} isPending={isSubmitting} />
      </form>
    </div>
  );
}

/** One form: a current code from the app, and the button that spends it. */
function CodeForm<T>({
  id,
  action,
  label,
  pendingLabel,
  danger,
  onDone,
  locale,
}: {
  id: string;
  action: ServerAction<T>;
  label: string;
  pendingLabel: string;
  danger?: boolean;
  onDone: (data: T) => void;
  locale: Locale;
}) {
  const t = securityMessages(locale);
  const say = (text: string) => secondFactorRules.words(locale, text);
  const { form, onSubmit, formError, isSubmitting } = useActionForm({
    schema: secondFactorCodeSchema,
    action,
    defaultValues: { code: "" },
    onSuccess: (data) => {
      form.reset({ code: "" });
      onDone(data);
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-sm space-y-3" data-testid={`${id}-form`} aria-label={label}>
      <FormNotice error={formError && say(formError)} testId={id} />
      <TextField {...bindTextFields(form, say, id)("code")} label={t.currentCode} inputMode="decimal" autoComplete="one-time-code" />
      <SubmitButton label={label} pendingLabel={pendingLabel} isPending={isSubmitting} variant={danger ? "danger" : "plain"} />
    </form>
  );
}

/** With the app on: new recovery codes, or turning it off, each with a current code. */
function Manage({ regenerate, remove, locale }: { regenerate: ServerAction<Codes>; remove: ServerAction<null>; locale: Locale }) {
  const t = securityMessages(locale);
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{t.currentCodeHint}</p>
      {codes && <RecoveryCodes codes={codes} locale={locale} />}
      <CodeForm
        id="recovery-codes-new"
        action={regenerate}
        label={t.newCodes}
        pendingLabel={t.makingCodes}
        onDone={(data) => setCodes(data.recoveryCodes)}
        locale={locale}
      />
      <CodeForm
        id="totp-remove"
        action={remove}
        label={t.turnOff}
        pendingLabel={t.turningOff}
        danger
        onDone={() => router.refresh()}
        locale={locale}
      />
    </div>
  );
}

export function TwoFactorPanel({
  status,
  actions,
  needsPassword,
  locale,
}: {
  status: { enabledAt: string | null; recoveryCodesLeft: number; enabledAtText: string | null };
  /** No second factor yet: the first one needs the password again. */
  needsPassword: boolean;
  actions: {
    begin: ServerAction<{ secret: string; uri: string }>;
    confirm: ServerAction<Codes>;
    regenerate: ServerAction<Codes>;
    remove: ServerAction<null>;
  };
  locale: Locale;
}) {
  const t = securityMessages(locale);
  if (!status.enabledAt) return <Enrol begin={actions.begin} confirm={actions.confirm} needsPassword={needsPassword} locale={locale} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-emerald-900" data-testid="totp-status">
        {t.on(status.enabledAtText ?? "")}
      </p>
      <p className="text-sm text-slate-700">{t.recoveryLeft(String(status.recoveryCodesLeft))}</p>
      <Manage regenerate={actions.regenerate} remove={actions.remove} locale={locale} />
    </div>
  );
}
