"use client";

import { useState } from "react";

/** Copies a value; says so for a moment (announced to screen readers by the live region). */
export function CopyButton({ value, label, copiedLabel, describedBy }: { value: string; label: string; copiedLabel: string; describedBy?: string }) {
  const [isCopied, setIsCopied] = useState(false);
  return (
    <button
      type="button"
      aria-describedby={describedBy}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setIsCopied(true);
          setTimeout(() => setIsCopied(false), 2000);
        } catch {
          // No clipboard (an insecure origin): the value is selectable on the page.
        }
      }}
      className="rounded-md border border-slate-400 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/50"
    >
      <span aria-live="polite">{isCopied ? copiedLabel : label}</span>
    </button>
  );
}
