import type { Locale } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n";
import { knownCodeDescription } from "@/lib/provider-words/codes";
import type { FoundRequest } from "@/lib/requests/adopt";
import { detailMessages } from "./detail-messages";

/**
 * A submit whose outcome the provider cannot tell (lib/requests/reconcile.ts): PayDesk stopped
 * checking by itself, so the page says what is known and what a person should do — the code's
 * words carry the what-to-do; "Re-check now" beside it still asks the provider. When the provider
 * holds requests with the RefId1, this request (when it was sent) and each of them (when it was
 * created) are listed side by side, so the person can compare them (lib/requests/adopt.ts).
 */
export function NeedsReviewNotice({
  statusCode,
  found,
  sentAt,
  locale,
}: {
  statusCode: string | null;
  found: FoundRequest[];
  sentAt: Date;
  locale: Locale;
}) {
  const t = detailMessages(locale);
  const todo = statusCode ? knownCodeDescription(statusCode, locale) : null;
  const when = (value: string | null) => (value === null ? t.candidateUnknownTime : formatDateTime(value, locale, { seconds: true }));
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-orange-400 bg-orange-50 p-3 text-sm text-orange-950"
      data-testid="needs-review-notice"
    >
      <p className="font-semibold">{t.needsReviewTitle}</p>
      <p>{t.needsReviewBody}</p>
      <p>
        <span className="font-medium">{t.needsReviewKnown}: </span>
        {t.needsReviewFound(found.length)}
      </p>
      {found.length > 0 && (
        <div data-testid="needs-review-candidates">
          <p className="font-medium">{t.candidatesTitle}</p>
          <ul className="list-disc pl-5">
            <li data-testid="candidate-ours">{t.candidateOurs(formatDateTime(sentAt, locale, { seconds: true }))}</li>
            {found.map((f) => (
              <li key={f.providerId} data-testid="candidate-found">
                {t.candidateFound(f.providerId, f.status, f.requestedAmount ?? "?", when(f.createdAt))}
                {" — "}
                {f.notOurs === null ? t.candidateCouldBe : t.candidateNot}
              </li>
            ))}
          </ul>
        </div>
      )}
      {todo && (
        <p>
          <span className="font-medium">{t.needsReviewTodo}: </span>
          {todo} {statusCode && <span className="font-mono">({statusCode})</span>}
        </p>
      )}
    </div>
  );
}
