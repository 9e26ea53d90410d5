"use client";

import { useRouter } from "next/navigation";
import { useCallback, useRef, useState, useTransition, type RefObject } from "react";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { fieldMessage } from "@/lib/requests/form-messages";
import type { CreateFormData } from "@/lib/requests/forms";
import { createMessages } from "./messages";

export type SubmitStatus =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "opening" }
  | { kind: "rejected"; message: string; code: string | null }
  | { kind: "error"; message: string };

interface Options {
  action: ServerAction<CreateFormData>;
  locale: Locale;
  formRef: RefObject<HTMLFormElement | null>;
  /** Server-side field errors (message keys), to show beside their fields. */
  onFieldErrors(errors: Record<string, string[]>): void;
  /** The provider refused: keep the values, take the fresh RefId1 and form key. */
  onRejected(data: Extract<CreateFormData, { outcome: "rejected" }>): void;
}

/**
 * Sends a create form to its server action — the form element's own fields, hidden idempotency key
 * included — and acts on the answer: open the new request, or stay with the reason. One send at a
 * time from this page; and should two get through anyway (or the answer be lost and the person
 * send again), the idempotency key makes the server answer with the same request.
 */
export function useCreateSubmit({ action, locale, formRef, onFieldErrors, onRejected }: Options) {
  const router = useRouter();
  const [status, setStatus] = useState<SubmitStatus>({ kind: "idle" });
  const [isNavigating, startNavigation] = useTransition();
  const inFlight = useRef(false);
  const t = createMessages(locale);

  const send = useCallback(async () => {
    const form = formRef.current;
    if (!form || inFlight.current) return;
    inFlight.current = true;
    setStatus({ kind: "sending" });
    try {
      const result = await action(null, new FormData(form));
      if (result.ok) {
        const data = result.data;
        if (data.outcome === "created") {
          setStatus({ kind: "opening" });
          startNavigation(() => router.push(`/requests/${data.requestId}`));
          return; // stays "in flight": this form is done
        }
        onRejected(data);
        setStatus({ kind: "rejected", message: data.message, code: data.code });
      } else {
        const hasFieldErrors = Object.keys(result.fieldErrors).length > 0;
        if (hasFieldErrors) onFieldErrors(result.fieldErrors);
        setStatus({ kind: "error", message: hasFieldErrors ? fieldMessage(locale, "fixFields") : result.message });
      }
    } catch {
      setStatus({ kind: "error", message: t.networkError });
    }
    inFlight.current = false;
  }, [action, formRef, locale, onFieldErrors, onRejected, router, t.networkError]);

  const isBusy = status.kind === "sending" || status.kind === "opening" || isNavigating;
  return { status, send, isBusy };
}
