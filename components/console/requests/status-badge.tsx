import type { Locale } from "@/lib/i18n";
import type { State } from "@/lib/requests/lifecycle";
import { stateLabels } from "./status-messages";

/** Colour helps, the words and the symbol carry the meaning (WCAG 1.4.1: not colour alone). */
const STYLE: Record<State, { symbol: string; className: string }> = {
  awaiting_approval: { symbol: "⏸", className: "border-violet-300 bg-violet-50 text-violet-900" },
  submitting: { symbol: "↗", className: "border-sky-300 bg-sky-50 text-sky-900" },
  unknown: { symbol: "?", className: "border-sky-300 bg-sky-50 text-sky-900" },
  needs_review: { symbol: "!", className: "border-orange-400 bg-orange-50 text-orange-950" },
  pending: { symbol: "…", className: "border-amber-300 bg-amber-50 text-amber-900" },
  paid: { symbol: "✓", className: "border-emerald-300 bg-emerald-50 text-emerald-900" },
  approved: { symbol: "✓", className: "border-emerald-300 bg-emerald-50 text-emerald-900" },
  rejected: { symbol: "✕", className: "border-red-300 bg-red-50 text-red-900" },
  expired: { symbol: "⌛", className: "border-slate-300 bg-slate-100 text-slate-800" },
  canceled: { symbol: "–", className: "border-slate-300 bg-slate-100 text-slate-800" },
};

export function StatusBadge({ state, locale }: { state: State; locale: Locale }) {
  const style = STYLE[state];
  return (
    <span data-testid="status-badge" data-state={state} className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${style.className}`}>
      <span aria-hidden="true">{style.symbol}</span>
      {stateLabels(locale)[state]}
    </span>
  );
}
