"use client";

import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect, useState } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { brandColorProblem, contrastWithWhite, LOGO_MAX_UPLOAD_BYTES, normalBrandColor } from "@/lib/merchants/brand-color";
import { SubmitButton } from "@/components/ui/button";
import { Field, FormNotice, fieldA11y, inputClass } from "@/components/ui/field";
import { merchantMessages } from "./merchant-messages";

/**
 * The merchant's colour and logo on the customer's pages (lib/merchants/branding.ts). The colour is
 * checked here on saving as the server checks it (lib/merchants/brand-color.ts), so a too light one
 * is said without a round trip, with its contrast; the file is sent as it is and redrawn by the
 * server. A refusal keeps what was typed and changes nothing, and hides what the last answer said
 * (a "Saved" or an earlier refusal is not about this attempt).
 */
export function BrandingForm({
  action,
  merchantId,
  color,
  logoSrc,
  locale,
}: {
  action: ServerAction<null>;
  merchantId: string;
  color: string | null;
  /** The current logo's address, or null. */
  logoSrc: string | null;
  locale: Locale;
}) {
  const t = merchantMessages(locale);
  const router = useRouter();
  const [typed, setTyped] = useState(color ?? "");
  const [localError, setLocalError] = useState<{ brandColor?: string; logo?: string }>({});
  const [answer, send, isSending] = useActionState<ActionResult<null> | null, FormData>((previous, data) => action(previous, data), null);
  // False from a refusal here until the next post: the last answer is then about another attempt.
  const [answerShown, setAnswerShown] = useState(true);
  useEffect(() => {
    if (answer?.ok) router.refresh();
  }, [answer, router]);
  const state = answerShown ? answer : null;
  const failed = state && !state.ok ? state : null;
  const colourError = localError.brandColor ?? failed?.fieldErrors.brandColor?.[0];
  const logoError = localError.logo ?? failed?.fieldErrors.logo?.[0];
  const swatch = normalBrandColor(typed);

  const colourProblem = (value: string): string | undefined => {
    if (value.trim() === "") return undefined;
    const problem = brandColorProblem(value);
    if (problem === "not_a_colour") return t.colourNotAColour;
    if (problem === "too_light") return t.colourTooLight(contrastWithWhite(normalBrandColor(value)!).toFixed(2));
    return undefined;
  };

  return (
    <form
      action={send}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const file = data.get("logo");
        const errors = {
          brandColor: colourProblem(typed),
          logo: file instanceof File && file.size > LOGO_MAX_UPLOAD_BYTES ? t.logoTooLarge : undefined,
        };
        setLocalError(errors);
        const refused = Boolean(errors.brandColor || errors.logo);
        setAnswerShown(!refused);
        if (!refused) startTransition(() => send(data));
      }}
      noValidate
      className="space-y-4"
      data-testid="branding-form"
    >
      <input type="hidden" name="merchantId" value={merchantId} />
      <FormNotice
        error={failed && !colourError && !logoError ? failed.message : null}
        success={state?.ok ? t.lookSaved : null}
        testId="branding"
      />
      <Field id="brand-color" label={t.brandColor} hint={t.brandColorHint} error={colourError}>
        <div className="mt-1 flex items-center gap-3">
          <input
            name="brandColor"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} mt-0 max-w-40 font-mono`}
            {...fieldA11y("brand-color", true, colourError)}
          />
          {/* The same colour to pick by eye; not sent (the text field is). No style attribute: the pages' policy refuses them. */}
          <input
            type="color"
            aria-label={t.pickColour}
            value={swatch ?? "#0f766e"}
            onChange={(event) => setTyped(event.target.value)}
            className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-slate-400 bg-white p-1"
            data-testid="brand-swatch"
          />
        </div>
      </Field>
      <div>
        <p className="text-sm font-medium text-slate-800">{t.currentLogo}</p>
        {logoSrc ? (
          // eslint-disable-next-line @next/next/no-img-element -- PayDesk's own small PNG, already sized; no optimiser in between.
          <img
            src={logoSrc}
            alt={t.currentLogo}
            className="mt-1 h-10 w-auto rounded border border-slate-200 p-1"
            data-testid="current-logo"
          />
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t.noLogo}</p>
        )}
      </div>
      <Field id="brand-logo" label={t.logo} hint={t.logoHint} error={logoError}>
        <input
          name="logo"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="mt-1 block text-sm"
          {...fieldA11y("brand-logo", true, logoError)}
        />
      </Field>
      {logoSrc && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="removeLogo" className="size-4" />
          {t.removeLogo}
        </label>
      )}
      <SubmitButton label={t.saveLook} pendingLabel={t.savingLook} isPending={isSending} />
    </form>
  );
}
