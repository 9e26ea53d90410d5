"use client";

import { useEffect, useId, useRef, useState } from "react";
import { signWithPasskey } from "@/components/auth/passkey-browser";
import { passkeyRules } from "@/lib/auth/passkey-rules";
import { secondFactorRules } from "@/lib/auth/second-factor-rules";
import type { Locale } from "@/lib/i18n";
import { defineMessages } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { primaryButtonClass, secondaryButtonClass } from "./button";
import { fieldA11y, inputClass } from "./field";
import type { StepUpActions } from "./step-up";

const stepUpMessages = defineMessages({
  en: {
    title: "Confirm it is you",
    body: "This needs a fresh code from your authenticator app (good for 5 minutes). Then it goes ahead.",
    bodyPasskey: "This needs a fresh check with your passkey (good for 5 minutes). Then it goes ahead.",
    bodyBoth: "This needs a fresh check with your passkey or a code from your authenticator app (good for 5 minutes). Then it goes ahead.",
    usePasskey: "Use your passkey",
    waitingForPasskey: "Waiting for your passkey…",
    code: "Code from your app",
    confirm: "Confirm",
    confirming: "Checking…",
    cancel: "Cancel",
  },
  th: {
    title: "ยืนยันว่าเป็นคุณ",
    body: "รายการนี้ต้องใช้รหัสใหม่จากแอปยืนยันตัวตน (ใช้ได้ 5 นาที) แล้วรายการจะดำเนินต่อ",
    bodyPasskey: "รายการนี้ต้องยืนยันด้วยพาสคีย์อีกครั้ง (ใช้ได้ 5 นาที) แล้วรายการจะดำเนินต่อ",
    bodyBoth: "รายการนี้ต้องยืนยันด้วยพาสคีย์ หรือรหัสใหม่จากแอปยืนยันตัวตน (ใช้ได้ 5 นาที) แล้วรายการจะดำเนินต่อ",
    usePasskey: "ใช้พาสคีย์ของคุณ",
    waitingForPasskey: "กำลังรอพาสคีย์ของคุณ…",
    code: "รหัสจากแอป",
    confirm: "ยืนยัน",
    confirming: "กำลังตรวจสอบ…",
    cancel: "ยกเลิก",
  },
});

/** The step-up dialog (step-up.tsx loads it when an action first needs it): a passkey, a code, or cancel. */
export default function StepUpDialog({
  actions,
  methods,
  locale,
  onDone,
}: {
  actions: StepUpActions;
  methods: { totp: boolean; passkey: boolean };
  locale: Locale;
  onDone: (passed: boolean) => void;
}) {
  const t = stepUpMessages(locale);
  const say = (text: string) => passkeyRules.words(locale, secondFactorRules.words(locale, text));
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  // Shown as a modal the moment it is there: it is there only while an action waits for it.
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setError(null);
    try {
      const answer = await actions.code(null, { code: input.current?.value ?? "" });
      if (answer.ok) onDone(true);
      else setError(say(answer.fieldErrors.code?.[0] ?? answer.message));
    } catch {
      setError(UNREACHABLE_MESSAGE);
    } finally {
      setChecking(false);
    }
  };

  const usePasskey = async () => {
    if (checking) return;
    setChecking(true);
    setError(null);
    try {
      const challenge = await actions.passkeyOptions(null, {});
      if (!challenge.ok) return setError(say(challenge.message));
      const answer = await signWithPasskey(challenge.data.options);
      if (!answer.ok) return setError(say(answer.message));
      const checked = await actions.passkey(null, { challengeId: challenge.data.challengeId, response: answer.json });
      if (checked.ok) onDone(true);
      else setError(say(checked.message));
    } catch {
      setError(UNREACHABLE_MESSAGE);
    } finally {
      setChecking(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={() => onDone(false)}
      className="m-auto w-full max-w-md rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
      data-testid="step-up-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-slate-800">{methods.passkey ? (methods.totp ? t.bodyBoth : t.bodyPasskey) : t.body}</p>
        {error && (
          <p id={`${id}-code-error`} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        {methods.passkey && (
          <button
            type="button"
            className={`${methods.totp ? secondaryButtonClass : primaryButtonClass} w-full`}
            onClick={usePasskey}
            disabled={checking}
            autoFocus={!methods.totp}
          >
            {checking ? t.waitingForPasskey : t.usePasskey}
          </button>
        )}
        {methods.totp && (
          <div>
            <label htmlFor={`${id}-code`} className="block text-sm font-medium text-slate-700">
              {t.code}
            </label>
            <input
              ref={input}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              className={inputClass}
              {...fieldA11y(`${id}-code`, false, error ?? undefined)}
            />
          </div>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" className={secondaryButtonClass} onClick={() => onDone(false)}>
            {t.cancel}
          </button>
          {methods.totp && (
            <button type="submit" className={primaryButtonClass} disabled={checking}>
              {checking ? t.confirming : t.confirm}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
