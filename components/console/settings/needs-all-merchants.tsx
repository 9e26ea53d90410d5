import type { Locale } from "@/lib/i18n";
import { STAFF_REFUSALS } from "@/lib/staff/errors";
import { translateStaffMessage } from "@/lib/staff/rule-messages";

/**
 * Shown instead of a form to an admin limited to some merchants: the actions would refuse them
 * (lib/staff/manage.ts), so the page says so before they fill anything in.
 */
export function NeedsAllMerchants({ locale }: { locale: Locale }) {
  return (
    <p className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="needs-all-merchants">
      {translateStaffMessage(locale, STAFF_REFUSALS.needsAllMerchants)}
    </p>
  );
}
