"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useMemo, useRef, useState, type BaseSyntheticEvent } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormProps } from "react-hook-form";
import type { z } from "zod";
import type { ServerAction } from "@/lib/auth/action";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { useStepUp } from "./step-up";

/**
 * The console's one form kit: react-hook-form with the server action's own zod schema (the browser
 * and the server say the same thing), sending the raw values so the server parses them exactly as
 * the browser did. One send at a time; the server's field errors land beside their fields (the
 * first one focused); nothing typed is lost on a refusal. The create forms build on it
 * (components/console/create/use-create-form.ts), as do the settings forms.
 */
export interface ActionFormOptions<S extends z.ZodType<unknown, FieldValues>, T> {
  schema: S;
  action: ServerAction<T>;
  defaultValues: DefaultValues<z.input<S>>;
  /** When messages appear, and whether inputs that leave the page take their values with them. */
  formOptions?: Pick<UseFormProps<z.input<S>>, "mode" | "reValidateMode" | "shouldUnregister">;
  onSuccess?: (data: T) => void;
  /** The form-level sentences in the person's language: the server unreachable; fields to fix. */
  words?: { unreachable?: string; fixFields?: string };
}

export function useActionForm<S extends z.ZodType<unknown, FieldValues>, T>(options: ActionFormOptions<S, T>) {
  const { schema, action, onSuccess, words } = options;
  // The resolver is typed for the schema; the cast only joins zod's and react-hook-form's generics.
  const resolver = useMemo(() => zodResolver(schema as never) as never, [schema]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues: options.defaultValues, ...options.formOptions });
  const [formError, setFormError] = useState<string | null>(null);
  // Kept apart from the data: an action may answer `null` and still have succeeded.
  const [answered, setAnswered] = useState<{ data: T } | null>(null);
  const [isSending, setSending] = useState(false);
  const inFlight = useRef(false);
  const withStepUp = useStepUp();

  /** Sends the form's current values (already checked by the caller, or by `onSubmit`). */
  const send = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setFormError(null);
    setAnswered(null);
    try {
      let answer: Awaited<ReturnType<ServerAction<T>>>;
      try {
        // An action that needs a fresh second factor asks for it, then is sent again (components/ui/step-up.tsx).
        answer = await withStepUp(() => action(null, form.getValues() as Record<string, unknown>));
      } catch (error) {
        // Next's redirect from the action arrives as navigation, not as an error worth showing.
        if (error instanceof Error && /NEXT_REDIRECT/.test(error.message)) throw error;
        setFormError(words?.unreachable ?? UNREACHABLE_MESSAGE);
        return;
      }
      if (answer.ok) {
        setAnswered({ data: answer.data });
        onSuccess?.(answer.data);
        return;
      }
      const fieldErrors = Object.entries(answer.fieldErrors).filter(([, messages]) => messages[0]);
      fieldErrors.forEach(([name, messages], index) =>
        form.setError(name as Path<z.input<S>>, { type: "server", message: messages[0] }, { shouldFocus: index === 0 }),
      );
      setFormError(fieldErrors.length > 0 && words?.fixFields ? words.fixFields : answer.message);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, [action, form, onSuccess, words?.fixFields, words?.unreachable, withStepUp]);

  const onSubmit = (event?: BaseSyntheticEvent) => form.handleSubmit(() => send())(event);
  const clearResult = () => setAnswered(null);
  return {
    form,
    onSubmit,
    send,
    formError,
    result: answered?.data ?? null,
    isDone: answered !== null,
    clearResult,
    isSubmitting: isSending,
  };
}
