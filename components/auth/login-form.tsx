"use client";

import { startTransition, useActionState, useEffect, useRef, useState, type ChangeEvent, type ComponentProps } from "react";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import { secondFactorAsked } from "@/lib/auth/sign-in-messages";
import { signWithPasskey } from "./passkey-browser";
import type { Locale } from "@/lib/i18n";
import { authMessages, translateSignIn } from "./auth-messages";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";
import { describedBy } from "@/components/ui/field";

interface Props {
  action: ServerAction<null>;
  callbackUrl: string;
  /** A refusal carried in the URL (a form posted straight to /api/auth), shown until the next try. */
  initialError: string | null;
  locale: Locale;
  /** Passkey sign-in (app/login/actions.ts); null when the console's address cannot have passkeys. */
  passkeys: {
    options: ServerAction<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>;
    signIn: ServerAction<null>;
  } | null;
}

export function LoginForm({ action, callbackUrl, initialError, locale, passkeys }: Props) {
  const t = authMessages(locale);
  const say = (text: string) => translateSignIn(locale, text);
  const [state, formAction, isPending] = useActionState<ActionResult<null> | null, FormData>(action, null);
  // Controlled so what was typed survives React resetting the form after a refused attempt: the
  // email, and the password once a second factor is asked for (it is sent again with the code).
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const failed = state && !state.ok ? state : null;
  // A passkey that was cancelled or refused says so here, until the next try.
  const [passkeyError, setPasskeyError] = useState<{ message: string; after: typeof state } | null>(null);
  const [waitingForPasskey, setWaitingForPasskey] = useState(false);
  const refusal = failed ? failed.message : initialError;
  const message = passkeyError && passkeyError.after === state ? passkeyError.message : refusal;
  const fieldErrors = failed?.fieldErrors ?? {};
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passkeyRef = useRef<HTMLButtonElement>(null);
  // The password was right: the refusal says which second factors the person has.
  const asked = secondFactorAsked(refusal);
  const asksForCode = asked === "totp" || asked === "both";
  const asksForPasskey = asked === "passkey" || asked === "both";

  /** A passkey's answer to a fresh challenge, or null (and the reason shown) when there is none. */
  const passkeyAnswer = async (purpose: "sign-in" | "second-factor") => {
    if (!passkeys) return null;
    setWaitingForPasskey(true);
    try {
      const challenge = await passkeys.options(null, { purpose });
      if (!challenge.ok) {
        setPasskeyError({ message: challenge.message, after: state });
        return null;
      }
      const answer = await signWithPasskey(challenge.data.options);
      if (!answer.ok) {
        setPasskeyError({ message: answer.message, after: state });
        return null;
      }
      return { challengeId: challenge.data.challengeId, response: answer.json };
    } finally {
      setWaitingForPasskey(false);
    }
  };
  const signInWithPasskey = async () => {
    const answer = await passkeyAnswer("sign-in");
    if (!answer || !passkeys) return;
    setWaitingForPasskey(true);
    // On success the action's redirect takes the page on; a refusal is shown like any other.
    const result = await passkeys.signIn(null, { ...answer, callbackUrl });
    setWaitingForPasskey(false);
    if (result && !result.ok) setPasskeyError({ message: result.message, after: state });
  };
  const secondFactorWithPasskey = async () => {
    const answer = await passkeyAnswer("second-factor");
    if (!answer) return;
    const form = new FormData();
    form.set("callbackUrl", callbackUrl);
    form.set("email", email);
    form.set("password", password);
    form.set("challengeId", answer.challengeId);
    form.set("response", answer.response);
    startTransition(() => formAction(form));
  };
  // A refused attempt resets the form and focus would fall to the page body: put it on the field to
  // fix (the code when asked for, else the password, the email being kept), so the person can retype at once.
  const [refusedPassword, setRefusedPassword] = useState<typeof failed>(null);
  // A refused password is cleared, to be typed again; with the code asked for, it is kept.
  if (failed !== refusedPassword) {
    setRefusedPassword(failed);
    if (failed && !asked) setPassword("");
  }
  useEffect(() => {
    if (failed) (failed.fieldErrors?.email ? emailRef : asksForCode ? codeRef : asksForPasskey ? passkeyRef : passwordRef).current?.focus();
  }, [failed, asksForCode, asksForPasskey]);
  /** An input kept in state, with the server's refusal of it. */
  const typed = (id: "email" | "password", value: string, set: (value: string) => void) => ({
    id,
    error: fieldErrors[id] ? say(fieldErrors[id][0]!) : undefined,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.target.value),
  });

  return (
    <form action={formAction} noValidate className="mt-8 space-y-5" aria-describedby={message ? "sign-in-error" : undefined}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {message && (
        <p
          id="sign-in-error"
          role="alert"
          data-testid="sign-in-error"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {say(message)}
        </p>
      )}
      <SignInField ref={emailRef} {...typed("email", email, setEmail)} label={t.email} type="email" autoComplete="username" />
      <SignInField
        ref={passwordRef}
        {...typed("password", password, setPassword)}
        label={t.password}
        type="password"
        autoComplete="current-password"
      />
      {asksForCode && (
        <SignInField
          ref={codeRef}
          id="code"
          label={t.code}
          hint={t.codeHint}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      )}
      {asksForPasskey && (
        <button
          ref={passkeyRef}
          type="button"
          onClick={secondFactorWithPasskey}
          disabled={isPending || waitingForPasskey}
          className={`${asksForCode ? secondaryButtonClass : primaryButtonClass} w-full`}
        >
          {waitingForPasskey ? t.waitingForPasskey : t.usePasskey}
        </button>
      )}
      {(!asksForPasskey || asksForCode) && (
        <button type="submit" disabled={isPending} className={`${asksForPasskey ? secondaryButtonClass : primaryButtonClass} w-full`}>
          {isPending ? t.signingIn : t.signIn}
        </button>
      )}
      {passkeys && !asked && (
        <>
          <p className="text-center text-sm text-slate-600" aria-hidden="true">
            {t.or}
          </p>
          <button
            type="button"
            onClick={signInWithPasskey}
            disabled={isPending || waitingForPasskey}
            className={`${secondaryButtonClass} w-full`}
          >
            {waitingForPasskey ? t.waitingForPasskey : t.signInWithPasskey}
          </button>
        </>
      )}
    </form>
  );
}

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600";

/** A required sign-in input named as its id, with its label, and its hint and refusal beneath tied by aria-describedby. */
function SignInField({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: string; hint?: string; error?: string } & Omit<ComponentProps<"input">, "id" | "name" | "required">) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...input}
        id={id}
        name={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), error)}
        className={fieldClass}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
