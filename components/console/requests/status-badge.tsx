import { Icon, type IconName } from "@/components/ui/icons";
import type { Locale } from "@/lib/i18n";
import type { State } from "@/lib/requests/lifecycle";
import { stateLabels } from "./status-messages";

/** Colour helps, the words and the icon carry the meaning (WCAG 1.4.1: not colour alone). */
const STYLE: Record<State, { icon: IconName; className: string }> = {
  awaiting_approval: { icon: "pause", className: "border-violet-300 bg-violet-50 text-violet-900" },
  submitting: { icon: "send", className: "border-sky-300 bg-sky-50 text-sky-900" },
  unknown: { icon: "question", className: "border-sky-300 bg-sky-50 text-sky-900" },
  needs_review: { icon: "alert", className: "border-orange-400 bg-orange-50 text-orange-950" },
  pending: { icon: "clock", className: "border-amber-300 bg-amber-50 text-amber-900" },
  paid: { icon: "check", className: "border-emerald-300 bg-emerald-50 text-emerald-900" },
  approved: { icon: "check", className: "border-emerald-300 bg-emerald-50 text-emerald-900" },
  rejected: { icon: "cross", className: "border-red-300 bg-red-50 text-red-900" },
  expired: { icon: "hourglass", className: "border-slate-300 bg-slate-100 text-slate-800" },
  canceled: { icon: "dash", className: "border-slate-300 bg-slate-100 text-slate-800" },
};

export function StatusBadge({ state, locale }: { state: State; locale: Locale }) {
  const style = STYLE[state];
  return (
    <span
      data-testid="status-badge"
      data-state={state}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${style.className}`}
    >
      <Icon name={style.icon} />
      {stateLabels(locale)[state]}
    </span>
  );
}
