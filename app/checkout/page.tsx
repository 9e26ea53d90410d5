import type { Metadata } from "next";
import { checkoutMessages } from "@/components/checkout/messages";
import { Notice, PublicShell } from "@/components/ui/public-shell";
import { getPublicLocale } from "@/lib/i18n/server";

/** `/checkout` without a token: a link cut short. Says so, in the customer's language. */
export const metadata: Metadata = { title: "Checkout", description: null, robots: { index: false, follow: false } };

export default async function CheckoutWithoutToken() {
  const locale = await getPublicLocale();
  const t = checkoutMessages(locale);
  return (
    <PublicShell merchantName={null} locale={locale} languageHref={(to) => `/checkout/-/language?to=${to}`} languageLabel={t.language}>
      <Notice title={t.badLinkTitle} body={t.badLinkBody} testId="checkout-bad-link" />
    </PublicShell>
  );
}
