import { formatDateTime, type Locale } from "@/lib/i18n";
import { toDecimalString } from "@/lib/money";
import { feesOf, type FeeInput } from "@/lib/requests/fees";
import { CopyButton } from "./copy-button";
import { detailMessages } from "./detail-messages";
import { thb } from "./request-format";

const chip = "rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100";

interface Props {
  request: FeeInput & { refId1: string; payerName: string | null; paidAt: Date | null };
  /** "approved" for a P2P Pay-In a person approved: the same money, a different word for when. */
  state: "paid" | "approved";
  /** The customer's checkout link, which now shows them the receipt; null when there is none. */
  checkoutUrl: string | null;
  /** The receipt's PDF (app/receipts/[token]/route.ts), absolute; null once its link has ended (a year on). */
  receiptPdfUrl: string | null;
  locale: Locale;
}

/**
 * A paid Pay-In's page shows what was paid, not an invitation to pay: the amount, when, the
 * reference, who paid, and the provider's fee and credit (lib/requests/fees.ts) — with the customer's
 * PDF receipt to open or copy for them. No invitation to pay, no share buttons, no QR (docs/DESIGN.md §5.2).
 */
export function ReceiptPanel({ request: r, state, checkoutUrl, receiptPdfUrl, locale }: Props) {
  const t = detailMessages(locale);
  const fees = feesOf(r);
  const rows: Array<[string, React.ReactNode, string]> = [
    [t.receiptAmount, thb(r.paidAmount), "receipt-amount"],
    [
      state === "approved" ? t.receiptApprovedAt : t.receiptPaidAt,
      r.paidAt && formatDateTime(r.paidAt, locale, { seconds: true }),
      "receipt-paid-at",
    ],
    [
      t.receiptReference,
      <span key="ref" className="font-mono">
        {r.refId1}
      </span>,
      "receipt-reference",
    ],
    [t.receiptPayer, r.payerName, "receipt-payer"],
    [
      t.receiptFee,
      fees && `${thb(toDecimalString(fees.feeSatang))}${fees.source === "computed" ? ` (${t.receiptComputed})` : ""}`,
      "receipt-fee",
    ],
    [t.receiptCredited, fees && thb(toDecimalString(fees.netSatang)), "receipt-credited"],
  ];
  return (
    <section
      aria-labelledby="receipt-heading"
      className="space-y-3 rounded-lg border border-emerald-200 bg-white p-4"
      data-testid="receipt-panel"
    >
      <h2 id="receipt-heading" className="text-lg font-semibold">
        {t.receipt}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== "")
          .map(([label, value, testId]) => (
            <div key={testId} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="tabular-nums" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
      </dl>
      {receiptPdfUrl ? (
        <div className="space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-700">{t.receiptPdf}</span>
            <a href={`${receiptPdfUrl}?lang=${locale}`} target="_blank" rel="noreferrer" className={chip} data-testid="receipt-pdf-link">
              {t.open}
            </a>
            <CopyButton value={receiptPdfUrl} label={t.receiptPdf} locale={locale} />
          </p>
          <p className="text-xs text-slate-600">{t.receiptPdfHint}</p>
        </div>
      ) : (
        <p className="text-sm text-slate-600" data-testid="receipt-pdf-ended">
          {t.receiptPdfEnded}
        </p>
      )}
      {checkoutUrl && (
        <div className="space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-700">{t.receiptLink}</span>
            <a href={checkoutUrl} target="_blank" rel="noreferrer" className={chip} data-testid="receipt-link">
              {t.open}
            </a>
            <CopyButton value={checkoutUrl} label={t.receiptLink} locale={locale} />
          </p>
          <p className="text-xs text-slate-600">{t.receiptLinkHint}</p>
        </div>
      )}
    </section>
  );
}
