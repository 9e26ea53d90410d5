import type { Metadata } from "next";
import { headers } from "next/headers";
import { LanguageSwitchInPlace } from "@/components/ui/language-switch-in-place";
import { Notice, PublicShell } from "@/components/ui/public-shell";
import { slipFormMessages, slipMessages } from "@/components/slip/messages";
import { SlipForm } from "@/components/slip/slip-form";
import { clientIpFrom } from "@/lib/http/request-ip";
import { getDb } from "@/lib/db";
import { formatThb, type Locale } from "@/lib/i18n";
import { getPublicLocale } from "@/lib/i18n/server";
import { paymentApi } from "@/lib/provider";
import { openSlipLink, type SlipRequestView } from "@/lib/slips/link";
import { slipBasePath, slipLinkOf, type SlipParams } from "./params";

/**
 * The slip upload page (docs/DESIGN.md §5.3), public, at the provider's own path. Nothing about the request
 * is shown until the provider has said the token is good; the request itself comes from PayDesk's
 * records. The form is the only thing that runs in the browser; the QR reader loads once a slip
 * has been picked.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Slip upload",
  description: null,
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function SlipUploadPage({ params }: { params: SlipParams }) {
  const link = await slipLinkOf(params);
  const locale = await getPublicLocale();
  const t = slipMessages(locale);
  const base = slipBasePath(link);
  const languageHref = (to: Locale) => `${base}/language?to=${to}`;
  // The language changes without a reload, which would lose the picked slip (LanguageSwitchInPlace).
  const languageNav = (
    <LanguageSwitchInPlace
      locale={locale}
      hrefs={{ th: languageHref("th"), en: languageHref("en") }}
      label={t.language}
      failed={t.languageFailed}
    />
  );
  const opened = await openSlipLink(await getDb(), await paymentApi(), link, clientIpFrom(await headers()));
  if (!opened.ok) {
    const notice =
      opened.reason === "rate_limited"
        ? { title: t.busyTitle, body: t.busyBody(Math.max(1, Math.ceil((opened.retryAfterMs ?? 60_000) / 60_000))) }
        : opened.reason === "busy"
          ? { title: t.providerBusyTitle, body: t.providerBusyBody }
          : opened.reason === "unavailable"
            ? { title: t.unavailableTitle, body: t.unavailableBody }
            : { title: t.invalidTitle, body: t.invalidBody };
    return (
      <PublicShell merchantName={null} locale={locale} languageHref={languageHref} languageLabel={t.language}>
        <Notice title={notice.title} body={notice.body} testId={`slip-${opened.reason.replace("_", "-")}`} />
        {opened.reason !== "invalid" && (
          <a href={base} className="inline-block rounded-lg border-2 border-teal-700 px-5 py-2 font-semibold text-teal-800">
            {t.tryAgain}
          </a>
        )}
      </PublicShell>
    );
  }
  const ended = opened.request?.ended ?? null;
  return (
    <PublicShell
      merchantName={opened.request?.merchantName ?? null}
      locale={locale}
      languageHref={languageHref}
      languageLabel={t.language}
      languageNav={languageNav}
    >
      {/* A request that is over takes no slip: it says so, and who to turn to, instead of offering the form. */}
      {ended ? (
        <Notice
          title={ended === "paid" ? t.paidTitle : t.closedTitle}
          body={ended === "paid" ? t.paidBody : t.closedBody}
          testId={`slip-${ended}`}
        />
      ) : (
        <h1 className="text-2xl font-bold">{t.title}</h1>
      )}
      {opened.request ? <RequestCard request={opened.request} locale={locale} /> : <p className="text-slate-800">{t.notOurs}</p>}
      {!ended && <SlipForm base={base} labels={slipFormMessages(locale)} />}
    </PublicShell>
  );
}

function RequestCard({ request, locale }: { request: SlipRequestView; locale: Locale }) {
  const t = slipMessages(locale);
  const bank = request.bankName ? (locale === "th" ? request.bankName.th : request.bankName.en) : request.bankCode;
  const rows: Array<[string, string | null]> = [
    [t.merchant, request.merchantName],
    [t.amount, formatThb(request.amountSatang)],
    [t.paidTo, [bank, request.accountNo, request.accountName].filter(Boolean).join(" · ") || null],
    [t.payer, request.payerName],
    [t.reference, request.refId1],
  ];
  return (
    <section aria-labelledby="for-payment" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="slip-request">
      <h2 id="for-payment" className="text-base font-semibold">
        {t.forPayment}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-700">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
