"use client";

import { useRouter } from "next/navigation";
import { z } from "zod";
import type { ServerAction } from "@/lib/auth/action";
import { SubmitButton } from "./button";
import { FormNotice } from "./field";
import { useActionForm } from "./use-action-form";

const NOTHING = z.object({});

/**
 * A form that is one button: an action that takes nothing (disconnect, unlink), its refusal in the
 * person's words (`translate`) or its success, and the page fetched again once it is done.
 */
export function ActionButtonForm<T>({
  action,
  label,
  pendingLabel,
  success,
  translate = (text) => text,
  variant,
  testId,
}: {
  action: ServerAction<T>;
  label: string;
  pendingLabel: string;
  success: string;
  translate?: (text: string) => string;
  variant?: "primary" | "danger" | "plain";
  testId: string;
}) {
  const router = useRouter();
  const { onSubmit, formError, result, isSubmitting } = useActionForm({
    schema: NOTHING,
    action,
    defaultValues: {},
    onSuccess: () => router.refresh(),
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3" data-testid={testId}>
      <FormNotice error={formError ? translate(formError) : null} success={result ? success : null} testId={testId} />
      <SubmitButton label={label} pendingLabel={pendingLabel} isPending={isSubmitting} variant={variant} />
    </form>
  );
}
