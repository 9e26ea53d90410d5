import { CopyButtonView, type CopyLabels } from "@/components/ui/copy-button-view";
import type { CheckoutView } from "@/lib/checkout/view";
import type { Locale } from "@/lib/i18n/locale";
import type { CheckoutMessages } from "./messages";
import { OPEN_ONLY } from "./live-parts";
import { SaveQrButton } from "./save-qr-button";
import { ServerQr } from "./server-qr";

/** The payment QR's element id: Save QR draws what it holds. */
const QR_ID = "payment-qr";

/** What the customer pays with while the request is open: the amount, the QR and the bank details. */
export function Payment({
  view,
  t,
  amountText,
  locale,
  copyLabels,
  countdown,
}: {
  view: CheckoutView;
  t: CheckoutMessages;
  amountText: string;
  locale: Locale;
  copyLabels: CopyLabels;
  /** The time left, beside the amount so that it is on a phone's first screen. */
  countdown?: React.ReactNode;
}) {
  const hasQr = view.qrPayload !== null || view.qrImage !== null;
  const qrLabel = t.qrAlt(amountText, view.merchantName);
  return (
    <div {...OPEN_ONLY} className="space-y-5">
      <section aria-labelledby="amount-label" className="rounded-xl bg-teal-50 p-4 text-center ring-1 ring-teal-200">
        <p id="amount-label" className="text-base text-teal-900">
          {t.amountToPay}
        </p>
        <p className="mt-1 text-4xl tabular-nums text-slate-950" data-testid="amount">
          {amountText}
        </p>
        {countdown}
        {/* A P2P amount is the requested one, no satang added (docs/provider-facts.md §5.1): they identify nothing. */}
        <p className="mt-2 text-base text-slate-800">{view.kind === "payin_p2p" ? t.exactAmountP2p : t.exactAmount}</p>
        <div className="mt-2 flex justify-center">
          <CopyButtonView
            state="idle"
            copyValue={(view.amountSatang / 100).toFixed(2)}
            label={t.amountToPay}
            labels={copyLabels}
            scale="customer"
          />
        </div>
      </section>
      {hasQr && (
        <section aria-label={t.scanQr} className="flex flex-col items-center gap-3">
          <p className="text-base text-slate-800">{t.scanQr}</p>
          {view.qrPayload ? (
            <ServerQr value={view.qrPayload} label={qrLabel} size={232} id={QR_ID} testId="payment-qr" />
          ) : (
            <div id={QR_ID} data-testid="payment-qr" className="inline-block rounded-lg bg-white p-2 ring-1 ring-slate-200">
              {/* The provider's own image (a data: URI): nothing to optimise. */}
              {/* eslint-disable-next-line @next/next/no-img-element -- a data: URI from the provider: nothing for next/image to optimise */}
              <img src={view.qrImage!} alt={qrLabel} width={232} height={232} />
            </div>
          )}
          <SaveQrButton
            qrId={QR_ID}
            amountText={amountText}
            merchantName={view.merchantName}
            fileName={`qr-${view.refId1}.png`}
            labels={{ saveQr: t.saveQr, savingQr: t.savingQr, savedQr: t.savedQr, saveQrFailed: t.saveQrFailed }}
          />
          <p className="text-center text-base text-slate-700">{t.saveQrHint}</p>
        </section>
      )}
      <BankDetails view={view} t={t} locale={locale} heading={hasQr ? t.bankDetails : t.bankDetailsOnly} copyLabels={copyLabels} />
    </div>
  );
}

function BankDetails({
  view,
  t,
  locale,
  heading,
  copyLabels,
}: {
  view: CheckoutView;
  t: CheckoutMessages;
  locale: Locale;
  heading: string;
  copyLabels: CopyLabels;
}) {
  const { bank } = view;
  const bankName =
    bank.nameTh && bank.nameEn ? (locale === "th" ? `${bank.nameTh} (${bank.nameEn})` : `${bank.nameEn} (${bank.nameTh})`) : bank.code;
  const rows: Array<{ label: string; value: string | null; copy?: boolean; digits?: boolean }> = [
    { label: t.bank, value: bankName },
    { label: t.accountNo, value: bank.accountNo, copy: true, digits: true },
    { label: t.accountName, value: bank.accountName, copy: true },
    { label: t.promptPayId, value: bank.promptPayId, copy: true, digits: true },
  ];
  if (!rows.some((row) => row.value && row.copy)) return null;
  return (
    <section aria-labelledby="bank-heading" className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200" data-testid="bank-details">
      <h2 id="bank-heading" className="text-base text-teal-900">
        {heading}
      </h2>
      {/* P2P pays the account of a pending pay-out, of any merchant (docs/provider-facts.md §5.5): the name is not the shop's. */}
      {view.kind === "payin_p2p" && (
        <p className="text-base text-slate-800" data-testid="p2p-payee">
          {t.p2pPayee(view.merchantName)}
        </p>
      )}
      <dl className="space-y-3">
        {rows
          .filter((row) => row.value)
          .map((row) => (
            <div key={row.label}>
              <dt className="text-base text-slate-700">{row.label}</dt>
              <dd className="flex flex-wrap items-center justify-between gap-2">
                {/* Digits in the page's own face, not a monospace one (its faces: app/customer.css): even-width and spaced to read off and type in. */}
                <span className={`text-base text-slate-950 ${row.digits ? "tracking-wide tabular-nums" : ""}`}>{row.value}</span>
                {row.copy && <CopyButtonView state="idle" copyValue={row.value!} label={row.label} labels={copyLabels} scale="customer" />}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

export function SlipLink({ url, qrSrc, t }: { url: string; qrSrc: string; t: CheckoutMessages }) {
  return (
    <section
      {...OPEN_ONLY}
      aria-labelledby="slip-heading"
      className="flex flex-col items-center gap-3 rounded-xl p-4 text-center ring-1 ring-slate-200"
      data-testid="slip-section"
    >
      <h2 id="slip-heading" className="text-base text-teal-900">
        {t.slipHeading}
      </h2>
      {/* Its own lazy image (slip-qr/route.ts): below the fold, and kept out of the first HTML. */}
      <div data-testid="slip-qr" data-qr-value={url} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
        {/* eslint-disable-next-line @next/next/no-img-element -- the page ships no framework runtime, so no next/image: a plain lazy image */}
        <img src={qrSrc} alt={t.slipQrAlt} width={128} height={128} loading="lazy" decoding="async" className="block" />
      </div>
      <p className="text-base text-slate-700">{t.slipHint}</p>
      <a
        href={url}
        data-testid="slip-link"
        className="rounded-lg border-2 border-teal-700 px-5 py-2 text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {t.slipButton}
      </a>
    </section>
  );
}
