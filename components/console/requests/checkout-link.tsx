import Link from "next/link";
import type { Locale } from "@/lib/i18n";
import { CopyButton } from "./copy-button";
import { detailMessages } from "./detail-messages";
import { Qr } from "./qr";
import { ShareButton } from "./share-button";

/** LINE's own share page: it asks the person whom to send the link to (social-plugins.line.me). */
export const lineShareUrl = (url: string) => `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(url)}`;

const chip = "rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100";

interface Props {
  requestId: string;
  checkoutUrl: string;
  /** While the customer may still pay: the ways to hand the link over, and the poster. */
  shareable: boolean;
  /** The request can no longer be paid: the link only tells the customer so. */
  ended?: boolean;
  /** What the share sheet says beside the link: the amount and to whom. */
  customerAmount: string;
  merchantName: string;
  locale: Locale;
}

/**
 * The checkout link, to copy, open or share, with a small QR of the link itself (for opening it on
 * a phone at the desk) kept apart from the payment QR the customer scans with a banking app.
 */
export function CheckoutLink({ requestId, checkoutUrl, shareable, ended = false, customerAmount, merchantName, locale }: Props) {
  const t = detailMessages(locale);
  return (
    <div className="flex flex-wrap items-start gap-4" data-testid="checkout-link-box">
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm font-medium text-slate-700">{t.checkoutLink}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <a
            href={checkoutUrl}
            data-testid="checkout-link"
            className="break-all font-mono text-brand-dark underline"
            target="_blank"
            rel="noreferrer"
          >
            {checkoutUrl}
          </a>
          <CopyButton value={checkoutUrl} label={t.checkoutLink} locale={locale} />
          <a href={checkoutUrl} target="_blank" rel="noreferrer" className={chip}>
            {t.open}
          </a>
        </div>
        {shareable && (
          <div className="flex flex-wrap items-center gap-2" data-testid="share-actions">
            <ShareButton
              url={checkoutUrl}
              title={t.checkout}
              text={t.shareText(customerAmount, merchantName)}
              labels={{ share: t.share, shareFailed: t.shareFailed }}
            />
            <a href={lineShareUrl(checkoutUrl)} target="_blank" rel="noopener noreferrer" className={chip} data-testid="share-line">
              {t.shareOnLine}
            </a>
            <Link href={`/requests/${requestId}/poster`} className={chip} data-testid="poster-link">
              {t.poster}
            </Link>
          </div>
        )}
        <p className="text-xs text-slate-600" data-testid="checkout-link-hint">
          {ended ? t.checkoutEndedHint : t.checkoutHint}
        </p>
      </div>
      <Qr value={checkoutUrl} label={t.linkQr} size={88} testId="checkout-link-qr" />
    </div>
  );
}
