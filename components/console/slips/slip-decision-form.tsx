"use client";

import { useRouter } from "next/navigation";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import type { SlipDecision } from "@/lib/slips/decision-limits";
import { slipDecisionSchema } from "@/lib/slips/decision-schema";
import { slipRuleMessages } from "@/lib/slips/rule-messages";
import { SubmitButton } from "@/components/ui/button";
import { FieldMessage, FormNotice, fieldA11y, inputClass } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { slipMessages } from "./slip-messages";

export type DecisionAnswer = { decision: SlipDecision; previous: SlipDecision | null; unchanged: boolean; requestId: string };

/** Matches / does not match, with a note (needed for "does not match"); the page reads again once recorded. */
export function SlipDecisionForm({
  action,
  slipId,
  current,
  locale,
}: {
  action: ServerAction<DecisionAnswer>;
  slipId: string;
  current: { decision: SlipDecision | null; note: string | null };
  locale: Locale;
}) {
  const t = slipMessages(locale);
  const say = (text: string) => slipRuleMessages.words(locale, text);
  const router = useRouter();
  const { form, onSubmit, formError, result, isDone, isSubmitting } = useActionForm({
    schema: slipDecisionSchema,
    action,
    defaultValues: { slipId, decision: current.decision ?? undefined, note: current.note ?? "" },
    onSuccess: () => router.refresh(),
  });
  const { errors } = form.formState;
  const noteError = errors.note?.message;
  const decisionError = errors.decision?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3" data-testid="slip-decision-form">
      <FormNotice
        error={formError && say(formError)}
        success={isDone ? (result?.unchanged ? t.decisionUnchanged : t.decisionSaved) : null}
        testId="slip-decision"
      />
      <fieldset aria-describedby={decisionError ? "slip-decision-choice-error" : undefined}>
        <legend className="sr-only">{t.decisionHeading}</legend>
        <div className="space-y-2">
          {(["matches", "does_not_match"] as const).map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 hover:bg-slate-50"
            >
              <input
                type="radio"
                value={value}
                {...form.register("decision")}
                className="mt-1 size-4"
                data-testid={`slip-decision-${value}`}
              />
              <span className="text-sm">{value === "matches" ? t.choiceMatches : t.choiceDoesNotMatch}</span>
            </label>
          ))}
        </div>
        <FieldMessage id="slip-decision-choice-error" error={errors.decision} translate={say} />
      </fieldset>
      <div>
        <label htmlFor="slip-decision-note" className="block text-sm font-medium text-slate-800">
          {t.decisionNote}
        </label>
        <textarea
          rows={3}
          maxLength={500}
          {...form.register("note")}
          {...fieldA11y("slip-decision-note", true, noteError)}
          className={inputClass}
          data-testid="slip-decision-note"
        />
        <p id="slip-decision-note-hint" className="mt-1 text-xs text-slate-600">
          {t.decisionNoteHint}
        </p>
        <FieldMessage id="slip-decision-note-error" error={errors.note} translate={say} />
      </div>
      <SubmitButton label={t.saveDecision} pendingLabel={t.savingDecision} isPending={isSubmitting} />
    </form>
  );
}
