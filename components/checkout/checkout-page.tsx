import { Notice, PublicShell } from "@/components/ui/public-shell";
import type { CheckoutLookup, CheckoutView } from "@/lib/checkout/view";
import { isTerminal, outcomeOf, shownStatus } from "@/lib/checkout/live-state";
import { formatThb } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";
import type { Locale } from "@/lib/i18n/locale";
import { checkoutMessages, type CheckoutMessages } from "./messages";
import { Countdown, lineShareHref, LiveLine, LiveTemplates, OPEN_ONLY, OutcomeCard, type ReceiptLinks } from "./live-parts";
import { Payment, SlipLink } from "./payment";

/**
 * The hosted checkout's whole page, rendered once on the server (pages/checkout/[token].tsx) from
 * PayDesk's stored answer. What the phone then runs is the page's own small script
 * (browser/checkout.ts), which enhances this markup: it follows the status, ticks the countdown,
 * copies, saves the QR and swaps in the states rendered here as templates (live-parts.tsx).
 * The root's data attributes are its inputs, and QA's view of what it is doing.
 */
export interface CheckoutPageProps {
  token: string;
  locale: Locale;
  found: CheckoutLookup;
  /** The server's clock as it rendered (ms): the countdown follows it, not the phone's. */
  serverNow: number;
  /** ws(s) base of the provider's hub as browsers reach it, or null without it. */
  hubBase: string | null;
}

export function CheckoutPage({ token, locale, found, serverNow, hubBase }: CheckoutPageProps) {
  const t = checkoutMessages(locale);
  const languageHref = (to: Locale) => `/checkout/${encodeURIComponent(token)}/language?to=${to}`;
  if (!found.ok) {
    const [title, body] =
      found.reason === "expired_link"
        ? [t.expiredLinkTitle, t.expiredLinkBody]
        : found.reason === "not_ready"
          ? [t.notReadyTitle, t.notReadyBody]
          : [t.badLinkTitle, t.badLinkBody];
    return (
      <PublicShell merchantName={null} locale={locale} languageHref={languageHref} languageLabel={t.language}>
        <Notice title={title} body={body} testId={`checkout-${found.reason.replace("_", "-")}`} />
      </PublicShell>
    );
  }
  return (
    <PublicShell
      merchantName={found.view.merchantName}
      brand={found.view.brand}
      locale={locale}
      languageHref={languageHref}
      languageLabel={t.language}
    >
      {/* In a size the page already lays out (unseen, it changes nothing shown): one face and size fewer to look up (app/customer.css). */}
      <h1 className="sr-only text-base">{`${t.title}: ${found.view.merchantName}`}</h1>
      <Live view={found.view} t={t} token={token} locale={locale} serverNow={serverNow} hubBase={hubBase} />
    </PublicShell>
  );
}

/** Whether the page the server renders is still open: only then does it load its script. */
export function isOpenPage(found: CheckoutLookup, serverNow: number): boolean {
  if (!found.ok) return false;
  const { status, expireAt } = found.view;
  return !isTerminal(shownStatus(status, expireAt ? Date.parse(expireAt) - serverNow : null).state);
}

function Live({
  view,
  t,
  token,
  locale,
  serverNow,
  hubBase,
}: {
  view: CheckoutView;
  t: CheckoutMessages;
  token: string;
  locale: Locale;
  serverNow: number;
  hubBase: string | null;
}) {
  const remaining = view.expireAt ? Date.parse(view.expireAt) - serverNow : null;
  const shown = shownStatus(view.status, remaining);
  const outcome = outcomeOf(shown.state);
  const amountText = formatThb(view.amountSatang);
  const copyLabels = { copy: t.copy, copied: t.copied, copyFailed: t.copyFailed };
  const back = view.returnUrl ? { href: view.returnUrl, label: t.backToShop(view.merchantName) } : null;
  // The PDF in the page's language; the link sent in LINE without one, for the reader's own.
  const receipt: ReceiptLinks = {
    pdfHref: `${view.receiptUrl}?lang=${locale}`,
    lineHref: lineShareHref(t.shareText(amountText, view.merchantName, view.refId1, view.receiptUrl)),
  };
  const locked = (
    <span hidden data-testid="checkout-locale">
      {locale}
    </span>
  );
  if (outcome) {
    // Over: a receipt or a "do not pay" card, and nothing that runs. The script leaves an open page
    // that ends in front of the customer exactly like this (e2e/checkout-paid.spec.ts compares them).
    return (
      <div data-testid="checkout-live" data-state={shown.state} className="space-y-5">
        <OutcomeCard
          outcome={outcome}
          back={back}
          when={formatDateTime(shown.changedAt, locale)}
          reason={shown.reason}
          amountText={amountText}
          reference={view.refId1}
          receipt={receipt}
          t={t}
        />
        {locked}
      </div>
    );
  }
  const hubUrl = hubBase && view.kind === "payin" ? `${hubBase}${view.hubPath}` : null;
  return (
    <>
      <div
        data-testid="checkout-live"
        data-state={shown.state}
        data-stream="connecting"
        data-hub={hubUrl ? "connecting" : "off"}
        data-hub-joins="0"
        data-server-now={serverNow}
        data-expire-at={view.expireAt ?? undefined}
        data-hub-url={hubUrl ?? undefined}
        data-session-id={view.sessionId}
        data-changed-at={shown.changedAt}
        data-token={token}
        className="space-y-5"
      >
        <Payment
          view={view}
          t={t}
          amountText={amountText}
          locale={locale}
          copyLabels={copyLabels}
          countdown={remaining !== null && <Countdown remaining={remaining} t={t} />}
        />
        <LiveLine offline={false} t={t} />
        {/* Once settled there is nothing to send a slip for: a paid page is a receipt, not an invitation. */}
        {view.slipUrl && <SlipLink url={view.slipUrl} qrSrc={`/checkout/${encodeURIComponent(token)}/slip-qr`} t={t} />}
        {view.cancelUrl && (
          <p {...OPEN_ONLY} className="text-center text-base">
            <a
              href={view.cancelUrl}
              rel="noreferrer"
              data-testid="cancel-to-shop"
              className="inline-block px-2 py-3 text-slate-700 underline"
            >
              {t.cancelAndReturn(view.merchantName)}
            </a>
          </p>
        )}
        {locked}
      </div>
      <LiveTemplates t={t} amountText={amountText} reference={view.refId1} copyLabels={copyLabels} back={back} receipt={receipt} />
    </>
  );
}
