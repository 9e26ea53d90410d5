import Link from "next/link";
import { LiveUpdates } from "@/components/live/live-updates";
import { inputClass } from "@/components/ui/field";
import { primaryButtonClass } from "@/components/ui/button";
import type { ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";
import { OUTBOUND_EVENT_TYPES, TEST_EVENT_TYPE } from "@/lib/outbound-webhooks/events";
import { DELIVERY_STATUSES, type DeliveryEntry } from "@/lib/outbound-webhooks/log";
import type { LogFilterField, LogQuery } from "@/lib/outbound-webhooks/log-filter";
import { eventTypeMessages, outboundMessages } from "./outbound-messages";
import { ResendDeliveryButton } from "./resend-delivery-button";

const STATUS_LOOK = {
  pending: "bg-amber-100 text-amber-900",
  delivered: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
} as const;

const bangkokDate = (at: Date | undefined) => (at ? new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10) : "");

/**
 * The delivery log: filters (a GET form, so a filtered log is a link), then each delivery with its
 * status and, folded, every attempt — time, answer status, latency, the first KB of the answer, the
 * error. Follows the merchants' deliveries over the live bus while open (a delivery added,
 * attempted, settled or sent again), as every console page follows its requests.
 */
export function DeliveryLog({
  entries,
  next,
  query,
  ignored,
  basePath,
  keep = {},
  showEndpoint,
  resendAction,
  renderedAt,
  locale,
}: {
  entries: DeliveryEntry[];
  next: number | null;
  query: LogQuery;
  ignored: LogFilterField[];
  /** The page the log is on, for its filter form and paging links. */
  basePath: string;
  /** Query parameters the page itself needs (the chosen merchant), kept by the filters and paging. */
  keep?: Record<string, string>;
  showEndpoint: boolean;
  resendAction: ServerAction<null>;
  /** The server's clock before the rows were read (lib/live/bus.ts catchUpMark). */
  renderedAt: number;
  locale: Locale;
}) {
  const t = outboundMessages(locale);
  const names = eventTypeMessages(locale);
  const when = (at: Date) => formatDateTime(at, locale, { seconds: true });
  const params = new URLSearchParams(keep);
  if (query.eventType) params.set("type", query.eventType);
  if (query.status) params.set("status", query.status);
  if (query.requestId) params.set("request", query.requestId);
  if (query.from) params.set("from", bangkokDate(query.from));
  if (query.to) params.set("to", bangkokDate(query.to));
  const older = new URLSearchParams(params);
  if (next !== null) older.set("before", String(next));
  const label = {
    type: t.filterType,
    status: t.filterStatus,
    request: t.filterRequest,
    from: t.filterFrom,
    to: t.filterTo,
    before: t.older,
  };
  return (
    <div className="space-y-4" data-testid="delivery-log">
      <LiveUpdates follows="deliveries" renderedAt={renderedAt} coalesceMs={250} />
      <form method="get" action={basePath} className="flex flex-wrap items-end gap-3" aria-label={t.filter}>
        <label className="text-sm">
          <span className="block font-medium text-slate-700">{t.filterType}</span>
          <select name="type" defaultValue={query.eventType ?? ""} className={inputClass}>
            <option value="">{t.any}</option>
            {[...OUTBOUND_EVENT_TYPES, TEST_EVENT_TYPE as typeof TEST_EVENT_TYPE].map((type) => (
              <option key={type} value={type}>
                {names[type]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block font-medium text-slate-700">{t.filterStatus}</span>
          <select name="status" defaultValue={query.status ?? ""} className={inputClass}>
            <option value="">{t.any}</option>
            {DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block font-medium text-slate-700">{t.filterRequest}</span>
          <input name="request" defaultValue={query.requestId ?? ""} className={inputClass} spellCheck={false} />
        </label>
        <label className="text-sm">
          <span className="block font-medium text-slate-700">{t.filterFrom}</span>
          <input type="date" name="from" defaultValue={bangkokDate(query.from)} className={inputClass} />
        </label>
        <label className="text-sm">
          <span className="block font-medium text-slate-700">{t.filterTo}</span>
          <input type="date" name="to" defaultValue={bangkokDate(query.to)} className={inputClass} />
        </label>
        <button type="submit" className={primaryButtonClass}>
          {t.filter}
        </button>
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link
          href={Object.keys(keep).length > 0 ? `${basePath}?${new URLSearchParams(keep)}` : basePath}
          className="py-2 text-sm text-brand-dark underline"
        >
          {t.clear}
        </Link>
      </form>
      {ignored.length > 0 && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t.ignoredFilters(ignored.map((field) => label[field]).join(", "))}
        </p>
      )}
      <p className="text-xs text-slate-600">{t.live}</p>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t.emptyLog}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="p-3 text-sm"
              data-testid="delivery-row"
              data-status={entry.status}
              data-event-type={entry.eventType}
            >
              <div className="flex flex-wrap items-start gap-x-4 gap-y-1">
                <span className="text-slate-600">{when(entry.createdAt)}</span>
                <span>
                  {names[entry.eventType as keyof ReturnType<typeof eventTypeMessages>] ?? entry.eventType}{" "}
                  <code className="text-xs text-slate-500">{entry.eventType}</code>
                </span>
                {entry.requestId && (
                  <Link href={`/requests/${entry.requestId}`} className="font-mono text-xs text-brand-dark underline">
                    {entry.requestId}
                  </Link>
                )}
                {showEndpoint && <span className="break-all font-mono text-xs text-slate-700">{entry.endpointUrl}</span>}
                <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_LOOK[entry.status]}`} data-testid="delivery-status">
                  {t[entry.status]}
                </span>
                {entry.status === "pending" && (
                  <span className="text-xs text-slate-600">
                    {entry.endpointEnabled ? t.nextAttempt(when(entry.nextAttemptAt)) : t.paused}
                  </span>
                )}
                <span className="text-xs text-slate-600">
                  {t.colAttempts}: {entry.attemptLog.length}
                </span>
                {entry.unknownAttempts > 0 && (
                  <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900" data-testid="delivery-unknown-attempts">
                    {t.unknownAttempts(entry.unknownAttempts)}
                  </span>
                )}
                {entry.status !== "pending" && (
                  <ResendDeliveryButton
                    action={resendAction}
                    merchantId={entry.merchantId}
                    deliveryId={entry.id}
                    label={`${entry.eventType} → ${entry.endpointUrl}`}
                    locale={locale}
                  />
                )}
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-xs text-brand-dark underline">
                  {t.attempts} · <code>{entry.eventId}</code>
                </summary>
                {entry.attemptLog.length === 0 ? (
                  <p className="mt-2 text-xs text-slate-600">{t.noAttempts}</p>
                ) : (
                  <div className="mt-2 overflow-x-auto">
                    <table className="w-full text-left text-xs">
                      <thead className="text-slate-600">
                        <tr>
                          <th className="py-1 pr-3 font-medium">{t.attemptAt}</th>
                          <th className="py-1 pr-3 font-medium">{t.attemptStatus}</th>
                          <th className="py-1 pr-3 font-medium">{t.attemptLatency}</th>
                          <th className="py-1 pr-3 font-medium">{t.attemptAnswer}</th>
                          <th className="py-1 font-medium">{t.attemptError}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {entry.attemptLog.map((attempt, index) => (
                          <tr
                            key={index}
                            className="border-t border-slate-100 align-top"
                            data-testid="delivery-attempt"
                            data-outcome={attempt.outcome}
                            data-repeat={attempt.possibleRepeat || undefined}
                          >
                            <td className="py-1 pr-3">
                              {when(attempt.at)}
                              {attempt.possibleRepeat && <span className="block text-amber-900">{t.attemptRepeat}</span>}
                            </td>
                            {attempt.outcome === "recorded" ? (
                              <>
                                <td className="py-1 pr-3">{attempt.status ?? t.noAnswer}</td>
                                <td className="py-1 pr-3">{attempt.latencyMs} ms</td>
                                <td className="max-w-xs py-1 pr-3">
                                  {attempt.answer && <pre className="whitespace-pre-wrap break-all font-mono">{attempt.answer}</pre>}
                                </td>
                                <td className="py-1">{attempt.error}</td>
                              </>
                            ) : (
                              <td colSpan={4} className={`py-1 ${attempt.outcome === "unknown" ? "text-amber-900" : "text-slate-600"}`}>
                                {attempt.outcome === "unknown" ? t.attemptUnknown : t.attemptUnderWay}
                              </td>
                            )}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </details>
            </li>
          ))}
        </ul>
      )}
      <p className="flex gap-4 text-sm">
        {query.before !== undefined && (
          <Link href={`${basePath}${params.size > 0 ? `?${params}` : ""}`} className="text-brand-dark underline">
            {t.newest}
          </Link>
        )}
        {next !== null && (
          <Link href={`${basePath}?${older}`} className="text-brand-dark underline">
            {t.older}
          </Link>
        )}
      </p>
    </div>
  );
}
