"use client";

import { CopyButton } from "@/components/ui/copy-button";

/** A one-time password, shown once after an invite or a reset; it lives only in the page's state. */
export function OneTimePasswordNotice({
  heading,
  password,
  label,
  hint,
  copy,
  copied,
}: {
  heading: string;
  password: string;
  label: string;
  hint: string;
  copy: string;
  copied: string;
}) {
  return (
    <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4" data-testid="one-time-password-notice">
      <p className="text-sm font-medium text-amber-950">{heading}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span id="otp-label" className="font-medium">
          {label}:
        </span>
        <code className="rounded bg-white px-2 py-1 font-mono text-base text-slate-900" data-testid="one-time-password">
          {password}
        </code>
        <CopyButton value={password} labels={{ copy, copied }} describedBy="otp-label" />
      </p>
      <p className="text-sm text-amber-950">{hint}</p>
    </div>
  );
}
