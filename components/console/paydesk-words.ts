import type { Locale } from "@/lib/i18n";
import { describeFailure, readFailure } from "@/lib/payment-api/failure-words";
import { STATES, type State } from "@/lib/requests/lifecycle";
import { noteWords } from "@/lib/requests/timeline-notes";
import { webhookNoteWords } from "@/lib/webhooks/notes";
import { stateLabels } from "./requests/status-messages";

const isState = (value: string): value is State => (STATES as readonly string[]).includes(value);

/**
 * One of PayDesk's own sentences in the viewer's language. A provider call's failure or a check's
 * note is stored in English (the timeline, a request's status reason, logs) and worded again here,
 * when it is shown. Text PayDesk did not write (a provider's reason) or does not recognise is
 * shown as stored.
 */
export function paydeskWords(text: string, locale: Locale): string {
  if (locale === "en") return text;
  const failure = readFailure(text);
  if (failure) return describeFailure(failure, locale);
  // A note names a state ("awaiting_approval") or a provider status ("Paid"): the badge's words for both.
  const labels = stateLabels(locale);
  const stateWords = (value: string) => {
    const state = value.toLowerCase();
    return isState(state) ? labels[state] : value;
  };
  return noteWords(text, locale, stateWords) ?? webhookNoteWords(text, locale) ?? text;
}
