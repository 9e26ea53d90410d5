"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { dangerButtonClass, secondaryButtonClass, SubmitButton } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, fieldA11y, FormNotice, inputClass } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { useStepUp } from "@/components/ui/step-up";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { formatDateTime } from "@/lib/i18n/date-time";
import { webhookRuleMessages } from "@/lib/outbound-webhooks/rule-messages";
import { resendFailedSchema } from "@/lib/outbound-webhooks/schemas";
import { ConfirmDialog } from "../../confirm-dialog";
import { outboundMessages } from "./outbound-messages";

type Ref = { merchantId: string; endpointId: string };

/** Calls an action with the endpoint's reference; answers the data, or sets the worded refusal. */
function useEndpointCall(locale: Locale) {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const withStepUp = useStepUp();
  const call = <T,>(action: ServerAction<T>, input: Record<string, unknown>, then: (data: T) => void) =>
    startTransition(async () => {
      setError(null);
      let answer: ActionResult<T>;
      try {
        answer = await withStepUp(() => action(null, input));
      } catch {
        setError(UNREACHABLE_MESSAGE);
        return;
      }
      if (answer.ok) then(answer.data);
      else setError(webhookRuleMessages.words(locale, answer.message));
    });
  return { error, isPending, call };
}

/** The signing secret's rotation: a new secret shown once, the old one signing beside it for 24 hours. */
export function RotateSecret({
  action,
  reference,
  previousSecretUntil,
  locale,
}: {
  action: ServerAction<{ secret: string; previousSecretUntil: string }>;
  reference: Ref;
  /** While the rotated-out secret still signs (null once it no longer does). */
  previousSecretUntil: string | null;
  locale: Locale;
}) {
  const t = outboundMessages(locale);
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const { error, isPending, call } = useEndpointCall(locale);
  const stillSigning = previousSecretUntil;
  return (
    <div className="space-y-3">
      <FormNotice error={error} testId="endpoint-rotate" />
      {secret && (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="rotated-endpoint-secret"
        >
          <p className="font-medium">{t.secretShownOnce}</p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <code
              className="break-all rounded bg-white px-2 py-1 font-mono text-xs"
              aria-label={t.secretLabel}
              data-testid="endpoint-secret"
            >
              {secret}
            </code>
            <CopyButton value={secret} labels={{ copy: t.copy, copied: t.copied }} label={t.secretLabel} />
          </p>
        </div>
      )}
      {stillSigning && <p className="text-sm text-slate-700">{t.previousUntil(formatDateTime(new Date(stillSigning), locale))}</p>}
      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)} disabled={isPending}>
        {isPending ? t.rotating : t.rotate}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t.rotateTitle}
        confirmLabel={t.rotate}
        cancelLabel={t.cancel}
        onConfirm={() =>
          call(action, reference, (data) => {
            setConfirming(false);
            setSecret(data.secret);
            router.refresh();
          })
        }
        onClose={() => setConfirming(false)}
      >
        <p>{t.rotateBody}</p>
      </ConfirmDialog>
    </div>
  );
}

/** Sends a test event through the ordinary delivery, so it shows in the log below. */
export function SendTestEvent({ action, reference, locale }: { action: ServerAction<null>; reference: Ref; locale: Locale }) {
  const t = outboundMessages(locale);
  const router = useRouter();
  const [queued, setQueued] = useState(false);
  const { error, isPending, call } = useEndpointCall(locale);
  return (
    <div className="space-y-3">
      <FormNotice error={error} success={queued ? t.testQueued : null} testId="endpoint-test" />
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={isPending}
        onClick={() => {
          setQueued(false);
          call(action, reference, () => {
            setQueued(true);
            router.refresh();
          });
        }}
      >
        {isPending ? t.sendingTest : t.sendTest}
      </button>
    </div>
  );
}

/** Deletes the endpoint after a confirmation, then goes back to the merchant's endpoints. */
export function DeleteEndpoint({
  action,
  reference,
  backTo,
  locale,
}: {
  action: ServerAction<null>;
  reference: Ref;
  backTo: string;
  locale: Locale;
}) {
  const t = outboundMessages(locale);
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const { error, call } = useEndpointCall(locale);
  return (
    <div className="space-y-3">
      <FormNotice error={error} testId="endpoint-delete" />
      <button type="button" className={dangerButtonClass} onClick={() => setConfirming(true)}>
        {t.delete}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t.deleteTitle}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        onConfirm={() =>
          call(action, reference, () => {
            setConfirming(false);
            router.push(backTo);
          })
        }
        onClose={() => setConfirming(false)}
      >
        <p>{t.deleteBody}</p>
      </ConfirmDialog>
    </div>
  );
}

/** "Resend every failed event since …" for one endpoint. */
export function ResendFailedForm({
  action,
  reference,
  defaultSince,
  locale,
}: {
  action: ServerAction<{ count: number }>;
  reference: Ref;
  /** The field's first value: a day ago, Bangkok time (yyyy-mm-ddThh:mm). */
  defaultSince: string;
  locale: Locale;
}) {
  const t = outboundMessages(locale);
  const say = (text: string) => webhookRuleMessages.words(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: resendFailedSchema,
    action,
    defaultValues: { ...reference, since: defaultSince },
    onSuccess: () => router.refresh(),
  });
  const sinceError = form.formState.errors.since?.message ? say(form.formState.errors.since.message) : undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="resend-failed-form" aria-label={t.resendFailedTitle}>
      <FormNotice
        error={formError && say(formError)}
        success={result ? t.resentCount(String(result.count)) : null}
        testId="resend-failed"
      />
      <Field id="resend-since" label={t.since} error={sinceError} className="max-w-xs">
        <input type="datetime-local" className={inputClass} {...fieldA11y("resend-since", false, sinceError)} {...form.register("since")} />
      </Field>
      <SubmitButton label={t.resendFailed} pendingLabel={t.resendingFailed} isPending={isSubmitting} variant="plain" />
    </form>
  );
}
