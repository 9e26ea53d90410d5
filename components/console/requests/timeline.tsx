import { formatDateTime, type Locale } from "@/lib/i18n";
import { describeProviderCode } from "@/lib/provider-words/codes";
import { STATES, type State } from "@/lib/requests/lifecycle";
import { factWords, isFact } from "@/lib/requests/notes";
import type { TimelineEntry } from "@/lib/requests/queries";
import { RawJson } from "@/components/ui/raw-json";
import { SlipEntry } from "../slips/slip-entry";
import { detailMessages } from "./detail-messages";
import { actorLabels, controlLabels, eventLabels } from "./timeline-labels";
import { thb } from "./request-format";
import { stateLabels } from "./status-messages";

const isState = (v: unknown): v is State => typeof v === "string" && (STATES as readonly string[]).includes(v);
const HIDDEN_KEYS = new Set(["type", "outcome"]);

const isAmount = (v: unknown): v is string => typeof v === "string" && /^\d+(\.\d{1,2})?$/.test(v);

/** What an event changed, as sentences: the state it moved between, what the provider said, PayDesk's own words. */
function sentencesOf(entry: TimelineEntry, locale: Locale): string[] {
  const t = detailMessages(locale);
  const states = stateLabels(locale);
  const controls = controlLabels(locale) as Record<string, string>;
  const data = (entry.data ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  const outcome = data.outcome as { from?: unknown; to?: unknown; ignored?: unknown } | undefined;
  if (outcome && isState(outcome.from) && isState(outcome.to)) parts.push(t.statusChanged(states[outcome.from], states[outcome.to]));
  if (outcome && outcome.ignored !== undefined) {
    const why = said(outcome.ignored, locale);
    if (why) parts.push(t.ignored(why));
  }
  if (data.unconfirmed === true) parts.push(t.appliedUnconfirmed);
  if (typeof data.control === "string") parts.push(t.sandboxDid(controls[data.control] ?? data.control));
  if (entry.type === "refund_requested" && typeof data.refId1 === "string") parts.push(t.refundNamed(data.refId1));
  if (entry.type === "slip_decided") {
    if (data.decision === "matches") parts.push(t.slipMatches);
    if (data.decision === "does_not_match") parts.push(t.slipDoesNotMatch);
  }
  if (isAmount(data.amount)) parts.push(t.amountWas(thb(data.amount)));
  for (const key of ["status", "providerStatus"]) if (typeof data[key] === "string" && data[key]) parts.push(t.providerSays(data[key]));
  for (const key of ["code", "statusCode"]) if (typeof data[key] === "string" && data[key]) parts.push(t.providerCode(data[key]));
  // A provider's refusal, worded from its code and reason; PayDesk's own facts (a NOT_SENT_<kind>
  // refusal, a check's note, a held webhook's detail) in the viewer's language; anyone else's text as it came.
  const refusal =
    data.type === "submit_rejected" && typeof data.code === "string" && !isFact(data.facts)
      ? describeProviderCode(data.code, typeof data.description === "string" ? data.description : null, locale)
      : null;
  if (refusal) parts.push(refusal);
  for (const key of ["facts", "description", "reason", "note", "detail"]) {
    const words = said(data[key], locale);
    if (words) parts.push(words);
  }
  return parts;
}

/** One stored value in words: PayDesk's facts worded for the reader, anyone else's text as it is. */
function said(value: unknown, locale: Locale): string | null {
  if (isFact(value)) return factWords(value, locale);
  return typeof value === "string" && value ? value : null;
}

function actorOf(entry: TimelineEntry, locale: Locale): string {
  if (entry.actorName) return entry.actorName;
  const machines = actorLabels(locale) as Record<string, string>;
  if (entry.actorKeyName) return `${machines.apiKey} “${entry.actorKeyName}”`;
  return machines[entry.actor] ?? (entry.actor.startsWith("usr_") ? machines.staff! : entry.actor);
}

/** Newest first, each event in sentences; the record as stored is folded under it. */
export function Timeline({ entries, locale }: { entries: TimelineEntry[]; locale: Locale }) {
  const t = detailMessages(locale);
  const labels = eventLabels(locale);
  return (
    <section aria-labelledby="timeline-heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        {t.timeline}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.timelineEmpty}</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-600">{t.newestFirst}</p>
          <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4" data-testid="timeline">
            {[...entries].reverse().map((entry) => {
              const extra = Object.fromEntries(
                Object.entries((entry.data ?? {}) as Record<string, unknown>).filter(([k]) => !HIDDEN_KEYS.has(k)),
              );
              return (
                <li key={entry.id} data-testid="timeline-entry" data-type={entry.type} className="text-sm">
                  <p>
                    <span className="font-medium">{labels[entry.type] ?? entry.type}</span>
                    <span className="text-slate-600"> · {actorOf(entry, locale)} · </span>
                    <time dateTime={entry.at.toISOString()} className="text-slate-600">
                      {formatDateTime(entry.at, locale, { seconds: true })}
                    </time>
                  </p>
                  {sentencesOf(entry, locale).map((line, i) => (
                    <p key={i} className="text-slate-700">
                      {line}
                    </p>
                  ))}
                  <SlipEntry entry={entry} locale={locale} />
                  {Object.keys(extra).length > 0 && (
                    <details className="mt-1" data-testid="timeline-details">
                      <summary className="cursor-pointer text-xs text-slate-600">{t.details}</summary>
                      <RawJson text={JSON.stringify(extra, null, 2)} />
                    </details>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
