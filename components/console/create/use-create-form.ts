"use client";

import { useRouter } from "next/navigation";
import { useCallback, useRef, useState, useTransition } from "react";
import type { FieldValues, Path, PathValue } from "react-hook-form";
import type { z } from "zod";
import { useActionForm, type ActionFormOptions } from "@/components/ui/use-action-form";
import type { Locale } from "@/lib/i18n";
import { fieldMessage } from "@/lib/requests/form-messages";
import type { CreateFormData } from "@/lib/requests/forms";
import { generateRefId1 } from "@/lib/requests/ref-id";
import { createMessages } from "./messages";

interface RefFields extends FieldValues {
  refId1: string;
  idempotencyKey: string;
}

export type SubmitStatus =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "opening" }
  | { kind: "rejected"; message: string; code: string | null }
  | { kind: "error"; message: string };

/**
 * What the four create forms add to the form kit (components/ui/use-action-form.ts): messages in
 * the person's language from the schema's keys, the RefId1 suggestion and its early check, and
 * what follows the answer — open the new request, or stay with the reason under a fresh RefId1 and
 * form key (the provider keeps rejected RefId1s). Should two sends get through anyway (or the
 * answer be lost and the person send again), the idempotency key makes the server answer with the
 * same request.
 */
export function useCreateForm<S extends z.ZodType<unknown, RefFields>>(
  options: Pick<ActionFormOptions<S, CreateFormData>, "schema" | "action" | "defaultValues" | "formOptions"> & {
    locale: Locale;
    initialRefId1: string;
  },
) {
  const { locale } = options;
  const t = createMessages(locale);
  const router = useRouter();
  const [isNavigating, startNavigation] = useTransition();
  const [suggested, setSuggested] = useState(options.initialRefId1);
  const takenRefId1 = useRef<string | null>(null);
  const refId1 = "refId1" as Path<z.input<S>>;

  const kit = useActionForm<S, CreateFormData>({
    ...options,
    words: { unreachable: t.networkError, fixFields: fieldMessage(locale, "fixFields") },
    onSuccess: (data) => {
      if (data.outcome === "created") startNavigation(() => router.push(`/requests/${data.requestId}`));
      else {
        setSuggestion(data.refId1);
        kit.form.setValue("idempotencyKey" as Path<z.input<S>>, data.idempotencyKey as PathValue<z.input<S>, Path<z.input<S>>>);
      }
    },
  });
  const { form } = kit;

  /** An error's words: schema messages are keys (lib/requests/form-messages.ts). */
  const message = (name: string): string | undefined => {
    const error = (form.formState.errors as Record<string, { message?: unknown } | undefined>)[name];
    return typeof error?.message === "string" ? fieldMessage(locale, error.message) : undefined;
  };

  function setSuggestion(value: string) {
    setSuggested(value);
    form.setValue(refId1, value as PathValue<z.input<S>, Path<z.input<S>>>, {
      shouldValidate: form.formState.isSubmitted || form.getFieldState(refId1).invalid,
    });
  }

  const onRefId1Check = useCallback(
    (value: string, isTaken: boolean) => {
      takenRefId1.current = isTaken ? value : null;
      if (isTaken) form.setError(refId1, { type: "taken", message: "refId1Taken" });
      else if (form.getFieldState(refId1).error?.type === "taken") form.clearErrors(refId1);
    },
    [form, refId1],
  );

  /** True when the early check already knows this RefId1 is used: no need to ask the provider. */
  const isKnownTaken = () => {
    const value = String(form.getValues(refId1) ?? "").trim();
    if (takenRefId1.current !== value) return false;
    form.setError(refId1, { type: "taken", message: "refId1Taken" }, { shouldFocus: true });
    return true;
  };

  const answer = kit.result;
  const status: SubmitStatus = kit.isSubmitting
    ? { kind: "sending" }
    : answer?.outcome === "created"
      ? { kind: "opening" }
      : answer?.outcome === "rejected"
        ? { kind: "rejected", message: answer.message, code: answer.code }
        : kit.formError
          ? { kind: "error", message: kit.formError }
          : { kind: "idle" };

  return {
    form,
    /** Sends what the form holds now; the form's own submit checks it first. */
    send: kit.send,
    status,
    // A created request stays busy: this form is done, the request's page is opening.
    isBusy: status.kind === "sending" || status.kind === "opening" || isNavigating,
    message,
    suggested,
    regenerate: () => setSuggestion(generateRefId1()),
    onRefId1Check,
    isKnownTaken,
  };
}
