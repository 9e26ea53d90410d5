"use client";

import { Field, fieldA11y, inputClass } from "@/components/ui/field";

/**
 * "Your password" before a first second factor (an authenticator app or a passkey): the person
 * proves again that the session is theirs (lib/auth/second-factor-rules.ts says when it is asked).
 */
export function PasswordAgainField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error ?? undefined} className={className}>
      <input
        type="password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="current-password"
        className={inputClass}
        {...fieldA11y(id, true, error ?? undefined)}
      />
    </Field>
  );
}
