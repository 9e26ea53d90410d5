import type { Locale } from "@/lib/i18n";
import { knownCodeDescription } from "@/lib/payment-api/codes";
import { detailMessages } from "./detail-messages";

/**
 * A submit whose outcome the provider cannot tell (lib/requests/reconcile.ts): PayDesk stopped
 * checking by itself, so the page says what is known and what a person should do — the code's
 * words carry the what-to-do; "Re-check now" beside it still asks the provider.
 */
export function NeedsReviewNotice({ statusCode, foundCount, locale }: { statusCode: string | null; foundCount: number; locale: Locale }) {
  const t = detailMessages(locale);
  const todo = statusCode ? knownCodeDescription(statusCode, locale) : null;
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
        {t.needsReviewFound(foundCount)}
      </p>
      {todo && (
        <p>
          <span className="font-medium">{t.needsReviewTodo}: </span>
          {todo} {statusCode && <span className="font-mono">({statusCode})</span>}
        </p>
      )}
    </div>
  );
}
