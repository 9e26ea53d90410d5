import type { ReactNode } from "react";

/** Shared look of the create forms' inputs; `aria-invalid` turns the border red. */
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600";

export const buttonClass =
  "rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40 disabled:opacity-60";

export const secondaryButtonClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:opacity-60";

/** The ids an input points at with aria-describedby: its hint and its error, when shown. */
export function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
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
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
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

/** Input props for a field: invalid state and descriptions. */
export function fieldA11y(id: string, hint: boolean, error: string | undefined) {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, hint, error) } as const;
}
