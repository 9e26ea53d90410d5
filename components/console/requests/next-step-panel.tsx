import type { Locale } from "@/lib/i18n";
import type { NextStep, WaitsFor } from "@/lib/requests/next-step";
import { detailMessages, type DetailMessages } from "./detail-messages";

const waitsWords = (t: DetailMessages): Record<WaitsFor, string> => ({
  customer: t.waitsCustomer,
  approver: t.waitsApprover,
  provider: t.waitsProvider,
  person: t.waitsPerson,
  nobody: t.waitsNobody,
});

/** Near the top of a request's page: whom the request waits for, in a sentence, then what can be done about it now. */
export function NextStepPanel({ step, locale, children }: { step: NextStep; locale: Locale; children?: React.ReactNode }) {
  const t = detailMessages(locale);
  return (
    <section
      aria-labelledby="next-step-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="next-step"
      data-waits-for={step.waitsFor}
      data-action={step.action ?? "none"}
    >
      <h2 id="next-step-heading" className="text-lg font-semibold">
        {t.nextStep}
      </h2>
      <p className="text-sm text-slate-800" data-testid="waits-for">
        {waitsWords(t)[step.waitsFor]}
      </p>
      {children}
    </section>
  );
}
