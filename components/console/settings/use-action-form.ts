"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import type { z } from "zod";
import type { ServerAction } from "@/lib/auth/action";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";

/**
 * react-hook-form with the server action's own zod schema (the browser and the server say the same
 * thing), sending the raw values so the server parses them exactly as the browser did. The
 * server's field errors land beside their fields; nothing typed is lost on a refusal.
 */
export function useActionForm<S extends z.ZodType<unknown, FieldValues>, T>(options: {
  schema: S;
  action: ServerAction<T>;
  defaultValues: DefaultValues<z.input<S>>;
  onSuccess?: (data: T) => void;
}) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver is typed for the schema; the cast only joins zod's and react-hook-form's generics.
    resolver: zodResolver(options.schema as never) as never,
    defaultValues: options.defaultValues,
  });
  const [formError, setFormError] = useState<string | null>(null);
  // Kept apart from the data: an action may answer `null` and still have succeeded.
  const [answered, setAnswered] = useState<{ data: T } | null>(null);

  const onSubmit = form.handleSubmit(async () => {
    setFormError(null);
    setAnswered(null);
    let answer: Awaited<ReturnType<ServerAction<T>>>;
    try {
      answer = await options.action(null, form.getValues() as Record<string, unknown>);
    } catch (error) {
      // Next's redirect from the action arrives as navigation, not as an error worth showing.
      if (error instanceof Error && /NEXT_REDIRECT/.test(error.message)) throw error;
      setFormError(UNREACHABLE_MESSAGE);
      return;
    }
    if (answer.ok) {
      setAnswered({ data: answer.data });
      options.onSuccess?.(answer.data);
      return;
    }
    for (const [name, messages] of Object.entries(answer.fieldErrors)) {
      if (messages[0]) form.setError(name as Path<z.input<S>>, { type: "server", message: messages[0] });
    }
    setFormError(answer.message);
  });

  const clearResult = () => setAnswered(null);
  return {
    form,
    onSubmit,
    formError,
    result: answered?.data ?? null,
    isDone: answered !== null,
    clearResult,
    isSubmitting: form.formState.isSubmitting,
  };
}
