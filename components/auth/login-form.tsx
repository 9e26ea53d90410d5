"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { authMessages, translateSignIn } from "./auth-messages";
import { primaryButtonClass } from "@/components/ui/button";
import { SIGN_IN_RULES } from "./sign-in-schema";

interface Props {
  action: ServerAction<null>;
  callbackUrl: string;
  /** A refusal carried in the URL (a form posted straight to /api/auth), shown until the next try. */
  initialError: string | null;
  locale: Locale;
}

export function LoginForm({ action, callbackUrl, initialError, locale }: Props) {
  const t = authMessages(locale);
  const say = (text: string) => translateSignIn(locale, text);
  const [state, formAction, isPending] = useActionState<ActionResult<null> | null, FormData>(action, null);
  // Controlled so what was typed survives React resetting the form after a refused attempt: the
  // email, and the password once a second factor is asked for (it is sent again with the code).
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const failed = state && !state.ok ? state : null;
  const message = failed ? failed.message : initialError;
  const fieldErrors = failed?.fieldErrors ?? {};
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The password was right and the account has two-factor sign-in: ask for the code.
  const asksForCode = message === SIGN_IN_RULES.secondFactor || message === SIGN_IN_RULES.secondFactorInvalid;
  // A refused attempt resets the form and focus would fall to the page body: put it on the field to
  // fix (the code when asked for, else the password, the email being kept), so the person can retype at once.
  const [refusedPassword, setRefusedPassword] = useState<typeof failed>(null);
  // A refused password is cleared, to be typed again; with the code asked for, it is kept.
  if (failed !== refusedPassword) {
    setRefusedPassword(failed);
    if (failed && !asksForCode) setPassword("");
  }
  useEffect(() => {
    if (failed) (failed.fieldErrors?.email ? emailRef : asksForCode ? codeRef : passwordRef).current?.focus();
  }, [failed, asksForCode]);
  const fieldClass =
    "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600";

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
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">
          {t.email}
        </label>
        <input
          ref={emailRef}
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? "email-error" : undefined}
          className={fieldClass}
        />
        {fieldErrors.email && (
          <p id="email-error" className="mt-1 text-sm text-red-700">
            {say(fieldErrors.email[0]!)}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">
          {t.password}
        </label>
        <input
          ref={passwordRef}
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? "password-error" : undefined}
          className={fieldClass}
        />
        {fieldErrors.password && (
          <p id="password-error" className="mt-1 text-sm text-red-700">
            {say(fieldErrors.password[0]!)}
          </p>
        )}
      </div>
      {asksForCode && (
        <div>
          <label htmlFor="code" className="block text-sm font-medium text-slate-700">
            {t.code}
          </label>
          <input
            ref={codeRef}
            id="code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            aria-describedby="code-hint"
            className={fieldClass}
          />
          <p id="code-hint" className="mt-1 text-sm text-slate-600">
            {t.codeHint}
          </p>
        </div>
      )}
      <button type="submit" disabled={isPending} className={`${primaryButtonClass} w-full`}>
        {isPending ? t.signingIn : t.signIn}
      </button>
    </form>
  );
}
