"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";
import { Field, fieldA11y, FormNotice, inputClass } from "@/components/ui/field";
import { useStepUp } from "@/components/ui/step-up";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import { passkeyNameSchema, passkeyRules } from "@/lib/auth/passkey-rules";
import { secondFactorRules } from "@/lib/auth/second-factor-rules";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { makePasskey } from "./passkey-browser";
import { PasswordAgainField } from "./password-again-field";
import { securityMessages } from "./security-messages";

export interface PasskeyRow {
  id: string;
  name: string;
  addedOn: string;
  lastUsed: string | null;
  backedUp: boolean;
}

/**
 * The person's passkeys: listed, added (a name, then the device's own prompt), removed. Adding and
 * removing ask a person who has a second factor for a fresh check first (the step-up dialog); a
 * person with none gives the password again before their first.
 */
export function PasskeysPanel({
  passkeys,
  available,
  needsPassword,
  actions,
  locale,
}: {
  passkeys: PasskeyRow[];
  available: boolean;
  /** No second factor yet: the first one needs the password again. */
  needsPassword: boolean;
  actions: {
    begin: ServerAction<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }>;
    finish: ServerAction<{ id: string; name: string }>;
    remove: ServerAction<null>;
  };
  locale: Locale;
}) {
  const t = securityMessages(locale);
  const say = (text: string) => passkeyRules.words(locale, secondFactorRules.words(locale, text));
  const router = useRouter();
  const withStepUp = useStepUp();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();

  const guarded = async <T,>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T> | null> => {
    try {
      return await withStepUp(call);
    } catch {
      setSaid({ ok: false, text: UNREACHABLE_MESSAGE });
      return null;
    }
  };

  const add = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = passkeyNameSchema.safeParse(name);
    if (!checked.success) {
      setNameError(say(checked.error.issues[0]!.message));
      return;
    }
    setNameError(null);
    setPasswordError(null);
    startTransition(async () => {
      setSaid(null);
      const challenge = await guarded(() => actions.begin(null, needsPassword ? { password } : {}));
      setPassword("");
      if (!challenge) return;
      if (!challenge.ok) {
        const wrongPassword = challenge.fieldErrors.password?.[0];
        return wrongPassword ? setPasswordError(say(wrongPassword)) : setSaid({ ok: false, text: say(challenge.message) });
      }
      const answer = await makePasskey(challenge.data.options);
      if (!answer.ok) return setSaid({ ok: false, text: say(answer.message) });
      const added = await guarded(() =>
        actions.finish(null, { name: checked.data, challengeId: challenge.data.challengeId, response: answer.json }),
      );
      if (!added) return;
      if (!added.ok) return setSaid({ ok: false, text: say(added.fieldErrors.name?.[0] ?? added.message) });
      setSaid({ ok: true, text: t.passkeyAdded(added.data.name) });
      setName("");
      router.refresh();
    });
  };

  const remove = (passkey: PasskeyRow) =>
    startTransition(async () => {
      setSaid(null);
      const removed = await guarded(() => actions.remove(null, { passkeyId: passkey.id }));
      if (!removed) return;
      setSaid(removed.ok ? { ok: true, text: t.passkeyRemoved(passkey.name) } : { ok: false, text: say(removed.message) });
      router.refresh();
    });

  if (!available) return <p className="text-sm text-slate-700">{t.passkeysUnavailable}</p>;
  return (
    <div className="space-y-4">
      <FormNotice error={said && !said.ok ? said.text : null} success={said?.ok ? said.text : null} testId="passkeys" />
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-700">{t.passkeysNone}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm" data-testid="passkey-row">
              <div>
                <p className="font-medium">
                  {passkey.name}
                  {passkey.backedUp && (
                    <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">{t.passkeySynced}</span>
                  )}
                </p>
                <p className="text-xs text-slate-600">
                  {t.passkeyAddedOn} {passkey.addedOn} ·{" "}
                  {passkey.lastUsed ? `${t.passkeyLastUsed} ${passkey.lastUsed}` : t.passkeyNeverUsed}
                </p>
              </div>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={isPending}
                aria-label={`${t.removePasskey}: ${passkey.name}`}
                onClick={() => remove(passkey)}
              >
                {t.removePasskey}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-3">
        <Field id="passkey-name" label={t.passkeyName} hint={t.passkeyNameHint} error={nameError ?? undefined} className="min-w-56 flex-1">
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={80}
            className={inputClass}
            {...fieldA11y("passkey-name", true, nameError ?? undefined)}
          />
        </Field>
        {needsPassword && (
          <PasswordAgainField
            id="passkey-password"
            label={t.passwordAgain}
            hint={t.passwordAgainHint}
            error={passwordError}
            value={password}
            onChange={setPassword}
            className="min-w-56 flex-1"
          />
        )}
        <button type="submit" className={primaryButtonClass} disabled={isPending}>
          {isPending ? t.addingPasskey : t.addPasskey}
        </button>
      </form>
    </div>
  );
}
