import { bankName, findBank } from "@/lib/banks";
import { scannableQrPayload } from "@/lib/checkout/scannable-qr";
import type { Locale } from "@/lib/i18n";
import { isTerminal, type State } from "@/lib/requests/lifecycle";
import { readStoredPayInAnswer } from "@/lib/requests/stored-answer";
import { CheckoutLink } from "./checkout-link";
import { CopyButton } from "./copy-button";
import { detailMessages } from "./detail-messages";
import { ExpiryCountdown } from "./expiry-countdown";
import { Qr } from "./qr";

interface Props {
  requestId: string;
  merchantName: string;
  locale: Locale;
  state: State;
  providerResponse: unknown;
  /** Absolute checkout link, or null before the provider has accepted the request. */
  checkoutUrl: string | null;
  /** The provider refused the request when it was sent: it was never payable. */
  refusedAtSubmit: boolean;
  publicBaseUrl: string;
  expireAt: Date | null;
  customerAmount: string;
  /** The link is already at the top of the page, with the ways to share it. */
  linkShownAbove: boolean;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <div className="flex flex-wrap items-center gap-2 text-sm">{children}</div>
    </div>
  );
}

export function CheckoutPanel({
  requestId,
  merchantName,
  locale,
  state,
  providerResponse,
  checkoutUrl,
  refusedAtSubmit,
  publicBaseUrl,
  expireAt,
  customerAmount,
  linkShownAbove,
}: Props) {
  const t = detailMessages(locale);
  if (refusedAtSubmit) {
    return (
      <section aria-labelledby="checkout-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="checkout-heading" className="text-lg font-semibold">
          {t.checkout}
        </h2>
        <p className="text-sm text-slate-600" data-testid="checkout-refused">
          {t.refused}
        </p>
      </section>
    );
  }
  const answer = readStoredPayInAnswer(providerResponse);
  // slipUploadUrl is relative to whoever serves the slip page: PayDesk, at the spec's path (docs/provider-facts.md §4.6).
  const slipUrl = answer.slipUploadUrl
    ? /^https?:\/\//.test(answer.slipUploadUrl)
      ? answer.slipUploadUrl
      : `${publicBaseUrl}${answer.slipUploadUrl}`
    : null;
  const bank = findBank(answer.payInBankCode);
  const isOpen = !isTerminal(state);
  // Drawn whenever the payload scans, whatever isQrAvailable says (lib/checkout/scannable-qr.ts).
  const qrPayload = scannableQrPayload(answer.qrCode);
  const qrImage = !qrPayload && !answer.qrCode && answer.isQrAvailable ? answer.qrCodeImage : null;
  const hasQr = Boolean(qrPayload || qrImage);

  return (
    <section aria-labelledby="checkout-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="checkout-heading" className="text-lg font-semibold">
        {t.checkout}
      </h2>
      {!checkoutUrl ? (
        <p className="text-sm text-slate-600">{t.notYet}</p>
      ) : (
        <div className="space-y-4">
          {/* While the customer may pay, the link leads the page (components/console/requests/next-step-panel.tsx). */}
          {!linkShownAbove && (
            <CheckoutLink
              requestId={requestId}
              checkoutUrl={checkoutUrl}
              shareable={false}
              ended={!isOpen}
              customerAmount={customerAmount}
              merchantName={merchantName}
              locale={locale}
            />
          )}
          {slipUrl && (
            <Row label={t.slipLink}>
              <span data-testid="slip-link" className="break-all font-mono text-slate-800">
                {slipUrl}
              </span>
              <CopyButton value={slipUrl} label={t.slipLink} locale={locale} />
            </Row>
          )}
          {slipUrl && <p className="text-xs text-slate-600">{t.slipHint}</p>}
        </div>
      )}
      {/* eslint-disable-next-line react-hooks/purity -- a server component renders once per request: the countdown starts from this moment */}
      {expireAt && state === "pending" && <ExpiryCountdown expireAt={expireAt.toISOString()} renderedAt={Date.now()} locale={locale} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-800">{t.paymentQr}</h3>
          <div className="mt-2">
            {!hasQr ? (
              <p className="text-sm text-slate-600">{t.noQr}</p>
            ) : !isOpen ? (
              // A settled request never shows a scannable QR (docs/DESIGN.md §5.2), not even to staff.
              <p className="text-sm text-slate-600">{t.qrGone}</p>
            ) : qrPayload ? (
              // Drawn from the payload: the live provider always sends qrCodeImage empty (docs/provider-facts.md §4.1).
              <Qr value={qrPayload} label={t.paymentQrAlt(customerAmount)} size={200} testId="payment-qr" />
            ) : (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URI from the provider: nothing for next/image to optimise
              <img
                src={qrImage!}
                alt={t.paymentQrAlt(customerAmount)}
                width={200}
                height={200}
                className="rounded-md border border-slate-200"
                data-testid="payment-qr"
              />
            )}
          </div>
        </div>
        {(answer.payInBankAccountNo || answer.payInPromptPayId) && (
          <div>
            <h3 className="text-sm font-semibold text-slate-800">{t.bank}</h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="bank-details">
              {answer.payInBankCode && (
                <>
                  <dt className="text-slate-600">{t.bankName}</dt>
                  <dd>{bank ? `${bankName(bank, locale)} (${bank.code})` : answer.payInBankCode}</dd>
                </>
              )}
              {answer.payInBankAccountNo && (
                <>
                  <dt className="text-slate-600">{t.accountNo}</dt>
                  <dd className="font-mono">{answer.payInBankAccountNo}</dd>
                </>
              )}
              {answer.payInBankAccountName && (
                <>
                  <dt className="text-slate-600">{t.accountName}</dt>
                  <dd>{answer.payInBankAccountName}</dd>
                </>
              )}
              {answer.payInPromptPayId && (
                <>
                  <dt className="text-slate-600">{t.promptPayId}</dt>
                  <dd className="font-mono">{answer.payInPromptPayId}</dd>
                </>
              )}
            </dl>
          </div>
        )}
      </div>
    </section>
  );
}
