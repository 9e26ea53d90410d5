import type { Locale } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";
import { outboundMessages } from "./outbound-messages";

/** An endpoint's health in words: enabled, failing since when, or disabled and why. */
export function EndpointStatus({
  endpoint,
  locale,
}: {
  endpoint: { enabled: boolean; disabledReason: string | null; failingSince: Date | null };
  locale: Locale;
}) {
  const t = outboundMessages(locale);
  if (!endpoint.enabled) {
    const why =
      endpoint.disabledReason === "gone" ? t.disabledGone : endpoint.disabledReason === "failing" ? t.disabledFailing : t.disabledStaff;
    return (
      <span className="text-red-800" data-testid="endpoint-status">
        {why}
      </span>
    );
  }
  if (endpoint.failingSince) {
    return (
      <span className="text-amber-800" data-testid="endpoint-status">
        {t.failingSince(formatDateTime(endpoint.failingSince, locale))}
      </span>
    );
  }
  return (
    <span className="text-emerald-800" data-testid="endpoint-status">
      {t.enabled}
    </span>
  );
}
