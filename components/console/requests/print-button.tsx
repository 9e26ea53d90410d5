"use client";

/** Opens the browser's print dialog; the page's print styles leave only the poster on paper. */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => window.print()} className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
      {label}
    </button>
  );
}
