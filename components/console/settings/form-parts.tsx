"use client";

import type { FieldError, UseFormRegisterReturn } from "react-hook-form";

/**
 * The settings forms' building blocks: a label tied to its input, a hint and an error tied by
 * aria-describedby, and aria-invalid, so a screen reader hears what is wrong where it is wrong.
 */
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600";

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError | { message?: string };
  translate: (text: string) => string;
  registration: UseFormRegisterReturn;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  inputMode?: "decimal" | "text" | "email";
  className?: string;
}

export function TextField({ id, label, hint, error, translate, registration, type = "text", autoComplete, inputMode, className }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error?.message ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        aria-invalid={error?.message ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...registration}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldMessage id={`${id}-error`} error={error} translate={translate} />
    </div>
  );
}

export function FieldMessage({ id, error, translate }: { id: string; error?: { message?: string }; translate: (text: string) => string }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {translate(error.message)}
    </p>
  );
}

/** The form's own answer: a refusal (alert) or a success (status), read out when it appears. */
export function FormNotice({ error, success, testId }: { error?: string | null; success?: string | null; testId?: string }) {
  if (error) {
    return (
      <p role="alert" data-testid={testId ? `${testId}-error` : undefined} className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p role="status" data-testid={testId ? `${testId}-success` : undefined} className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {success}
      </p>
    );
  }
  return null;
}

export function SubmitButton({ label, pendingLabel, isPending, variant = "primary" }: { label: string; pendingLabel: string; isPending: boolean; variant?: "primary" | "danger" | "plain" }) {
  const look =
    variant === "primary"
      ? "bg-brand-dark text-white hover:bg-brand"
      : variant === "danger"
        ? "bg-red-700 text-white hover:bg-red-800"
        : "border border-slate-400 bg-white text-slate-800 hover:bg-slate-100";
  return (
    <button
      type="submit"
      disabled={isPending}
      aria-disabled={isPending}
      className={`rounded-md px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/50 focus-visible:ring-offset-2 disabled:opacity-60 ${look}`}
    >
      {isPending ? pendingLabel : label}
    </button>
  );
}
