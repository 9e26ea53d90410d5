"use client";

import { useCallback, useRef, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { fieldMessage } from "@/lib/requests/form-messages";
import type { CreateFormData } from "@/lib/requests/forms";
import { generateRefId1 } from "@/lib/requests/ref-id";
import { useCreateSubmit } from "./use-create-submit";

interface RefFields extends FieldValues {
  refId1: string;
  idempotencyKey: string;
}

/**
 * What the four create forms share around react-hook-form: messages in the person's language from
 * the schema's keys, the RefId1 suggestion and its early check, and the send itself.
 */
export function useCreateForm<V extends RefFields, O>(
  form: UseFormReturn<V, unknown, O>,
  options: { action: ServerAction<CreateFormData>; locale: Locale; initialRefId1: string },
) {
  const { action, locale } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [suggested, setSuggested] = useState(options.initialRefId1);
  const takenRefId1 = useRef<string | null>(null);
  const refId1 = "refId1" as Path<V>;

  /** An error's words: schema messages are keys (lib/requests/form-messages.ts). */
  const message = (name: string): string | undefined => {
    const error = (form.formState.errors as Record<string, { message?: unknown } | undefined>)[name];
    return typeof error?.message === "string" ? fieldMessage(locale, error.message) : undefined;
  };

  const setSuggestion = useCallback(
    (value: string) => {
      setSuggested(value);
      form.setValue(refId1, value as V[Path<V>], { shouldValidate: form.formState.isSubmitted || form.getFieldState(refId1).invalid });
    },
    [form, refId1],
  );

  const onFieldErrors = useCallback(
    (errors: Record<string, string[]>) => {
      for (const [name, messages] of Object.entries(errors)) {
        if (messages[0]) form.setError(name as Path<V>, { type: "server", message: messages[0] }, { shouldFocus: true });
      }
    },
    [form],
  );

  const onRejected = useCallback(
    (data: Extract<CreateFormData, { outcome: "rejected" }>) => {
      setSuggestion(data.refId1);
      form.setValue("idempotencyKey" as Path<V>, data.idempotencyKey as V[Path<V>]);
    },
    [form, setSuggestion],
  );

  const submit = useCreateSubmit({ action, locale, formRef, onFieldErrors, onRejected });

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

  return {
    formRef,
    message,
    suggested,
    regenerate: () => setSuggestion(generateRefId1()),
    onRefId1Check,
    isKnownTaken,
    ...submit,
  };
}
