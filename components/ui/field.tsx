import type { ReactNode } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";

/**
 * The console forms' building blocks: a label tied to its input, a hint and an error tied by
 * aria-describedby, and aria-invalid, so a screen reader hears what is wrong where it is wrong.
 * The input's border keeps 3:1 against the page (slate-400) and turns red when it is invalid.
 */
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600";

/** The ids an input points at with aria-describedby: its hint and its error, when shown. */
export function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** Input props for a field: invalid state and descriptions. */
export function fieldA11y(id: string, hint: boolean, error: string | undefined) {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, hint, error) } as const;
}

interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** A label, the input, a hint and the error message in words, wired for screen readers. */
export function Field({ id, label, hint, error, children, className }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError | { message?: string };
  translate: (text: string) => string;
  registration: UseFormRegisterReturn;
  type?: "text" | "email" | "password" | "time";
  autoComplete?: string;
  inputMode?: "decimal" | "text" | "email";
  className?: string;
}

/** What a form gives its TextFields: each field's registration by name, and its error when it has one. */
interface RegisteringForm<N extends string> {
  register: (name: N) => UseFormRegisterReturn;
  formState: { errors: { [K in N]?: { message?: string } } };
}

/**
 * A TextField's ties to its form, by the field's name: the id (`${idPrefix}-${name}`, or the bare name
 * without a prefix), its error, the wording of that error and its registration.
 */
export function bindTextFields<N extends string>(form: RegisteringForm<N>, translate: (text: string) => string, idPrefix?: string) {
  return (name: N) => ({
    id: idPrefix ? `${idPrefix}-${name}` : name,
    error: form.formState.errors[name],
    translate,
    registration: form.register(name),
  });
}

/** A Field holding a text input registered with react-hook-form; its error worded by `translate`. */
export function TextField({
  id,
  label,
  hint,
  error,
  translate,
  registration,
  type = "text",
  autoComplete,
  inputMode,
  className,
}: TextFieldProps) {
  const message = error?.message ? translate(error.message) : undefined;
  return (
    <Field id={id} label={label} hint={hint} error={message} className={className}>
      <input
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        className={inputClass}
        {...fieldA11y(id, Boolean(hint), message)}
        {...registration}
      />
    </Field>
  );
}

/** An error of a group of inputs (a fieldset) in words, for aria-describedby to point at. */
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
      <p
        role="alert"
        data-testid={testId ? `${testId}-error` : undefined}
        className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      >
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p
        role="status"
        data-testid={testId ? `${testId}-success` : undefined}
        className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
      >
        {success}
      </p>
    );
  }
  return null;
}
