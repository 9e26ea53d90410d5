"use client";

import { useRouter } from "next/navigation";
import type { UseFormRegisterReturn } from "react-hook-form";
import { SubmitButton } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { bindTextFields, FieldMessage, FormNotice, TextField } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { OUTBOUND_EVENT_TYPES, type OutboundEventType } from "@/lib/outbound-webhooks/events";
import { webhookRuleMessages } from "@/lib/outbound-webhooks/rule-messages";
import { createEndpointSchema, updateEndpointSchema } from "@/lib/outbound-webhooks/schemas";
import { eventTypeMessages, outboundMessages } from "./outbound-messages";

/** The events, grouped by what they are about, for the checkbox grid. */
const GROUPS = ["payin", "payout", "withdrawal"] as const;

function EventChoices({
  locale,
  register,
  error,
  setAll,
}: {
  locale: Locale;
  register: () => object;
  error?: { message?: string };
  setAll: (all: boolean) => void;
}) {
  const t = outboundMessages(locale);
  const names = eventTypeMessages(locale);
  const say = (text: string) => webhookRuleMessages.words(locale, text);
  return (
    <fieldset aria-describedby="endpoint-events-error">
      <legend className="block text-sm font-medium text-slate-700">{t.events}</legend>
      <label className="mt-1 flex items-center gap-2 text-sm">
        <input type="checkbox" onChange={(event) => setAll(event.target.checked)} data-testid="endpoint-all-events" />
        {t.selectAll}
      </label>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {GROUPS.map((group) => (
          <div key={group} className="space-y-1">
            {OUTBOUND_EVENT_TYPES.filter((type) => type.startsWith(`${group}.`)).map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <input type="checkbox" value={type} className="mt-1" {...register()} />
                <span>
                  {names[type]} <code className="block text-xs text-slate-500">{type}</code>
                </span>
              </label>
            ))}
          </div>
        ))}
      </div>
      <FieldMessage id="endpoint-events-error" error={error} translate={say} />
    </fieldset>
  );
}

/** The address, description and events: the same fields when adding an endpoint and when changing one. */
function EndpointFields({
  locale,
  register,
  errors,
  setEvents,
}: {
  locale: Locale;
  register: (name: "url" | "description" | "eventTypes") => UseFormRegisterReturn;
  errors: { url?: { message?: string }; description?: { message?: string }; eventTypes?: unknown };
  setEvents: (list: OutboundEventType[]) => void;
}) {
  const t = outboundMessages(locale);
  const say = (text: string) => webhookRuleMessages.words(locale, text);
  const field = bindTextFields<"url" | "description">({ register, formState: { errors } }, say, "endpoint");
  return (
    <>
      <TextField {...field("url")} label={t.url} hint={t.urlHint} autoComplete="off" />
      <TextField {...field("description")} label={t.description} autoComplete="off" />
      <EventChoices
        locale={locale}
        register={() => register("eventTypes")}
        error={errors.eventTypes as { message?: string } | undefined}
        setAll={(all) => setEvents(all ? [...OUTBOUND_EVENT_TYPES] : [])}
      />
    </>
  );
}

/** Adds an endpoint; its signing secret lives only in this component's state, shown once. */
export function NewEndpointForm({
  action,
  merchantId,
  locale,
}: {
  action: ServerAction<{ secret: string; id: string }>;
  merchantId: string;
  locale: Locale;
}) {
  const t = outboundMessages(locale);
  const say = (text: string) => webhookRuleMessages.words(locale, text);
  const router = useRouter();
  const empty = {
    merchantId,
    url: "",
    description: "",
    eventTypes: ["payin.paid", "payin.rejected", "payin.expired"] as OutboundEventType[],
  };
  const { form, onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: createEndpointSchema,
    action,
    defaultValues: empty,
    onSuccess: () => {
      form.reset(empty);
      router.refresh();
    },
  });
  const { errors } = form.formState;
  return (
    <div className="space-y-4">
      {result && (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="new-endpoint-secret"
        >
          <p className="font-medium">{t.secretShownOnce}</p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <code
              className="break-all rounded bg-white px-2 py-1 font-mono text-xs"
              aria-label={t.secretLabel}
              data-testid="endpoint-secret"
            >
              {result.secret}
            </code>
            <CopyButton value={result.secret} labels={{ copy: t.copy, copied: t.copied }} label={t.secretLabel} />
          </p>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="endpoint-form" aria-label={t.newEndpoint}>
        <FormNotice error={formError && say(formError)} testId="endpoint" />
        <EndpointFields
          locale={locale}
          register={(name) => form.register(name)}
          errors={errors}
          setEvents={(list) => form.setValue("eventTypes", list, { shouldValidate: form.formState.isSubmitted })}
        />
        <SubmitButton label={t.add} pendingLabel={t.adding} isPending={isSubmitting} />
      </form>
    </div>
  );
}

/** Changes an endpoint's address, description, events, and whether it is enabled. */
export function EditEndpointForm({
  action,
  merchantId,
  endpoint,
  locale,
}: {
  action: ServerAction<{ enabled: boolean }>;
  merchantId: string;
  endpoint: { id: string; url: string; description: string | null; eventTypes: string[]; enabled: boolean };
  locale: Locale;
}) {
  const t = outboundMessages(locale);
  const say = (text: string) => webhookRuleMessages.words(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, isDone, isSubmitting } = useActionForm({
    schema: updateEndpointSchema,
    action,
    defaultValues: {
      merchantId,
      endpointId: endpoint.id,
      url: endpoint.url,
      description: endpoint.description ?? "",
      eventTypes: endpoint.eventTypes as OutboundEventType[],
      enabled: endpoint.enabled,
    },
    onSuccess: () => router.refresh(),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="endpoint-edit-form" aria-label={t.settingsTitle}>
      <FormNotice error={formError && say(formError)} success={isDone ? t.saved : null} testId="endpoint-edit" />
      <EndpointFields
        locale={locale}
        register={(name) => form.register(name)}
        errors={errors}
        setEvents={(list) => form.setValue("eventTypes", list, { shouldValidate: form.formState.isSubmitted })}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("enabled")} />
        {t.enabledLabel}
      </label>
      <SubmitButton label={t.save} pendingLabel={t.saving} isPending={isSubmitting} />
    </form>
  );
}
