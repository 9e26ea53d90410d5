import type { Metadata } from "next";
import { CopyButton } from "@/components/ui/copy-button";
import { LiveCheckout, type LiveLabels } from "@/components/checkout/live-checkout";
import { checkoutMessages, type CheckoutMessages } from "@/components/checkout/messages";
import { Notice, PublicShell } from "@/components/ui/public-shell";
import { SaveQrButton } from "@/components/checkout/save-qr-button";
import { ServerQr } from "@/components/checkout/server-qr";
import { loadCheckout, type CheckoutView } from "@/lib/checkout/view";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { formatDateTime, formatThb, type Locale } from "@/lib/i18n";
import { getPublicLocale } from "@/lib/i18n/server";

/**
 * The hosted checkout, `/checkout/<token>`: public, for a customer on a phone. Rendered on the
 * server from PayDesk's stored answer (no provider call on load); the amount and the QR are in
 * the first HTML. What runs in the browser is only LiveCheckout (status and countdown), the copy
 * buttons and Save QR — the hub client and the PNG drawing load later, on their own.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Checkout", description: null, robots: { index: false, follow: false }, referrer: "no-referrer" };

const QR_ID = "payment-qr";

export default async function CheckoutPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const locale = await getPublicLocale();
  const t = checkoutMessages(locale);
  const languageHref = (to: Locale) => `/checkout/${encodeURIComponent(token)}/language?to=${to}`;
  const found = await loadCheckout(await getDb(), token, env().PUBLIC_BASE_URL);
  if (!found.ok) {
    const [title, body] = found.reason === "expired_link" ? [t.expiredLinkTitle, t.expiredLinkBody] : found.reason === "not_ready" ? [t.notReadyTitle, t.notReadyBody] : [t.badLinkTitle, t.badLinkBody];
    return (
      <PublicShell merchantName={null} locale={locale} languageHref={languageHref} languageLabel={t.language}>
        <Notice title={title} body={body} testId={`checkout-${found.reason.replace("_", "-")}`} />
      </PublicShell>
    );
  }
  const view = found.view;
  const amountText = formatThb(view.amountSatang);
  const hubBase = env().hubBaseUrl;
  return (
    <PublicShell merchantName={view.merchantName} locale={locale} languageHref={languageHref} languageLabel={t.language}>
      <h1 className="sr-only">{`${t.title}: ${view.merchantName}`}</h1>
      <LiveCheckout
        token={token}
        initial={view.status}
        initialWhen={formatDateTime(view.status.changedAt, locale)}
        // eslint-disable-next-line react-hooks/purity -- a server component renders once per request: the countdown starts from this moment
        serverNow={Date.now()}
        expireAt={view.expireAt}
        amountText={amountText}
        reference={view.refId1}
        locale={locale}
        hubUrl={hubBase && view.kind === "payin" ? `${hubBase}${view.hubPath}` : null}
        sessionId={view.sessionId}
        labels={liveLabels(t)}
        payment={<Payment view={view} t={t} amountText={amountText} locale={locale} />}
        slip={view.slipUrl ? <SlipLink url={view.slipUrl} qrSrc={`/checkout/${encodeURIComponent(token)}/slip-qr`} t={t} /> : null}
      />
    </PublicShell>
  );
}

/** The few strings LiveCheckout needs, and no more: they travel to the browser. */
function liveLabels(t: CheckoutMessages): LiveLabels {
  const { timeLeft, hurry, waiting, liveOffline, paidTitle, paidBody, paidAt, amount, amountPaid, reference, rejectedTitle, rejectedBody, reason, expiredTitle, expiredBody, qrVoid, canceledTitle, minutes, seconds } = t;
  return { timeLeft, hurry, waiting, liveOffline, paidTitle, paidBody, paidAt, amount, amountPaid, reference, rejectedTitle, rejectedBody, reason, expiredTitle, expiredBody, qrVoid, canceledTitle, minutes, seconds };
}

function Payment({ view, t, amountText, locale }: { view: CheckoutView; t: CheckoutMessages; amountText: string; locale: Locale }) {
  const hasQr = view.qrPayload !== null || view.qrImage !== null;
  const copyLabels = { copy: t.copy, copied: t.copied, copyFailed: t.copyFailed };
  const qrLabel = t.qrAlt(amountText, view.merchantName);
  return (
    <>
      <section aria-labelledby="amount-label" className="rounded-xl bg-teal-50 p-4 text-center ring-1 ring-teal-200">
        <p id="amount-label" className="text-sm font-medium text-teal-900">
          {t.amountToPay}
        </p>
        <p className="mt-1 text-4xl font-bold tabular-nums text-slate-950" data-testid="amount">
          {amountText}
        </p>
        {/* A P2P amount is the requested one, no satang added (docs/provider-facts.md §5.1): they identify nothing. */}
        <p className="mt-2 text-sm text-slate-800">{view.kind === "payin_p2p" ? t.exactAmountP2p : t.exactAmount}</p>
        <div className="mt-2 flex justify-center">
          <CopyButton value={(view.amountSatang / 100).toFixed(2)} label={t.amountToPay} labels={copyLabels} />
        </div>
      </section>
      {hasQr && (
        <section aria-label={t.scanQr} className="flex flex-col items-center gap-3">
          <p className="text-sm text-slate-800">{t.scanQr}</p>
          {view.qrPayload ? (
            <ServerQr value={view.qrPayload} label={qrLabel} size={232} id={QR_ID} testId="payment-qr" />
          ) : (
            <div id={QR_ID} data-testid="payment-qr" className="inline-block rounded-lg bg-white p-2 ring-1 ring-slate-200">
              {/* eslint-disable-next-line @next/next/no-img-element -- the provider's own image (a data: URI): nothing for next/image to optimise */}
              <img src={view.qrImage!} alt={qrLabel} width={232} height={232} />
            </div>
          )}
          <SaveQrButton qrId={QR_ID} amountText={amountText} merchantName={view.merchantName} fileName={`qr-${view.refId1}.png`} labels={{ saveQr: t.saveQr, savingQr: t.savingQr, savedQr: t.savedQr, saveQrFailed: t.saveQrFailed }} />
          <p className="text-center text-sm text-slate-700">{t.saveQrHint}</p>
        </section>
      )}
      <BankDetails view={view} t={t} locale={locale} heading={hasQr ? t.bankDetails : t.bankDetailsOnly} copyLabels={copyLabels} />
    </>
  );
}

function BankDetails({ view, t, locale, heading, copyLabels }: { view: CheckoutView; t: CheckoutMessages; locale: Locale; heading: string; copyLabels: { copy: string; copied: string; copyFailed: string } }) {
  const { bank } = view;
  const bankName = bank.nameTh && bank.nameEn ? (locale === "th" ? `${bank.nameTh} (${bank.nameEn})` : `${bank.nameEn} (${bank.nameTh})`) : bank.code;
  const rows: Array<{ label: string; value: string | null; copy?: boolean; mono?: boolean }> = [
    { label: t.bank, value: bankName },
    { label: t.accountNo, value: bank.accountNo, copy: true, mono: true },
    { label: t.accountName, value: bank.accountName, copy: true },
    { label: t.promptPayId, value: bank.promptPayId, copy: true, mono: true },
  ];
  if (!rows.some((row) => row.value && row.copy)) return null;
  return (
    <section aria-labelledby="bank-heading" className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200" data-testid="bank-details">
      <h2 id="bank-heading" className="text-base font-semibold">
        {heading}
      </h2>
      {/* P2P pays the account of a pending pay-out, of any merchant (docs/provider-facts.md §5.5): the name is not the shop's. */}
      {view.kind === "payin_p2p" && (
        <p className="text-sm text-slate-800" data-testid="p2p-payee">
          {t.p2pPayee(view.merchantName)}
        </p>
      )}
      <dl className="space-y-3">
        {rows
          .filter((row) => row.value)
          .map((row) => (
            <div key={row.label}>
              <dt className="text-sm text-slate-700">{row.label}</dt>
              <dd className="flex flex-wrap items-center justify-between gap-2">
                <span className={`text-lg ${row.mono ? "font-mono tracking-wide" : "font-medium"}`}>{row.value}</span>
                {row.copy && <CopyButton value={row.value!} label={row.label} labels={copyLabels} />}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function SlipLink({ url, qrSrc, t }: { url: string; qrSrc: string; t: CheckoutMessages }) {
  return (
    <section aria-labelledby="slip-heading" className="flex flex-col items-center gap-3 rounded-xl p-4 text-center ring-1 ring-slate-200" data-testid="slip-section">
      <h2 id="slip-heading" className="text-base font-semibold">
        {t.slipHeading}
      </h2>
      {/* Its own lazy image (slip-qr/route.ts): below the fold, and kept out of the first HTML. */}
      <div data-testid="slip-qr" data-qr-value={url} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
        {/* eslint-disable-next-line @next/next/no-img-element -- a 128-pixel PNG PayDesk draws itself; next/image would add its client code to the customer's page */}
        <img src={qrSrc} alt={t.slipQrAlt} width={128} height={128} loading="lazy" decoding="async" className="block" />
      </div>
      <p className="text-sm text-slate-700">{t.slipHint}</p>
      <a href={url} data-testid="slip-link" className="rounded-lg border-2 border-teal-700 px-5 py-2 font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2">
        {t.slipButton}
      </a>
    </section>
  );
}
