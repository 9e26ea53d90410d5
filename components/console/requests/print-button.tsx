"use client";

import { primaryButtonClass } from "@/components/ui/button";

/** Opens the browser's print dialog; the page's print styles leave only the poster on paper. */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => window.print()} className={primaryButtonClass}>
      {label}
    </button>
  );
}
