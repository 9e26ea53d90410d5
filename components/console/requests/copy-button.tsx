"use client";

import { useState } from "react";
import type { Locale } from "@/lib/i18n";
import { detailMessages } from "./detail-messages";

/** Copies a value and says so (politely, to screen readers too); on failure, says what to do instead. */
export function CopyButton({ value, label, locale }: { value: string; label: string; locale: Locale }) {
  const t = detailMessages(locale);
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
      setTimeout(() => setState("idle"), 2_000);
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={copy} aria-label={`${t.copy}: ${label}`} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100">
        {t.copy}
      </button>
      <span role="status" className="text-xs text-slate-600">
        {state === "copied" ? t.copied : state === "failed" ? t.copyFailed : ""}
      </span>
    </span>
  );
}
