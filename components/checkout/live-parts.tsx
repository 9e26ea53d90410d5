import type { CheckoutMessages } from "./messages";
import { CopyNote, type CopyLabels } from "@/components/ui/copy-button-view";
import { countdownParts, type Outcome } from "@/lib/checkout/live-state";

/**
 * The parts of the checkout that change while it is open: the countdown, the live line and the
 * outcome card. The server renders the ones the page opens with, and every other state of them
 * once, in <template> elements (LiveTemplates); the page's script (browser/checkout.ts) only swaps
 * those in and fills the few slots marked `data-slot` — it has no markup or words of its own.
 */

/** A paid card's two links: the receipt's PDF, and LINE's "send a message" with that link in it. */
export interface ReceiptLinks {
  pdfHref: string;
  lineHref: string;
}

/**
 * LINE's URL scheme for sending a message the person picks the chat for (`https://line.me/R/share?text=`,
 * developers.line.biz "Use LINE features with the LINE URL scheme"): opens LINE on a phone, and a
 * page that offers LINE where it is not installed. No script and no LINE SDK on the customer's page.
 */
export const lineShareHref = (text: string) => `https://line.me/R/share?text=${encodeURIComponent(text)}`;

/** Attribute on everything that goes once the request is over (the payment, the countdown, the live line, the slip link). */
export const OPEN_ONLY = { "data-open-only": "" } as const;

export function Countdown({ remaining, t }: { remaining: number; t: CheckoutMessages }) {
  const { seconds, minutes, secondsOfMinute, hurry } = countdownParts(remaining);
  // Under the amount, in its card (payment.tsx): one line while there is time, larger and amber in the last minutes.
  return (
    <div
      {...OPEN_ONLY}
      data-testid="countdown"
      data-hurry={hurry}
      className={`mt-2 rounded-lg px-4 py-2 ${hurry ? "bg-amber-100 text-amber-950 ring-2 ring-amber-500" : "bg-white text-slate-800"}`}
    >
      {/* Read out only when it matters: a ticking live region would talk every second. */}
      <p className={`tabular-nums ${hurry ? "text-2xl" : "text-base"}`}>
        <span className="text-base">{t.timeLeft}</span>{" "}
        <time dateTime={`PT${seconds}S`} data-slot="time">
          <span data-slot="minutes">{minutes}</span> {t.minutes} <span data-slot="seconds">{secondsOfMinute}</span> {t.seconds}
        </time>
      </p>
      {hurry && (
        <p role="alert" className="mt-1 text-base">
          {t.hurry}
        </p>
      )}
    </div>
  );
}

/** "Waiting for your payment…", or that the connection is lost: a live region that stays while its words change. */
export function LiveLine({ offline, t }: { offline: boolean; t: CheckoutMessages }) {
  return (
    <p
      {...OPEN_ONLY}
      role="status"
      data-testid="live-line"
      data-shows={offline ? "offline" : "live"}
      className="flex items-center gap-2 text-base text-slate-700"
    >
      <LiveLineWords offline={offline} t={t} />
    </p>
  );
}

function LiveLineWords({ offline, t }: { offline: boolean; t: CheckoutMessages }) {
  return (
    <>
      {/* Still, not pulsing: an endless animation has the phone draw a new frame 60 times a second for as long as the page is open. */}
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${offline ? "bg-amber-500" : "bg-teal-600"}`} />
      {offline ? t.liveOffline : t.waiting}
    </>
  );
}

export interface OutcomeFacts {
  outcome: Outcome;
  /** Back to the merchant's shop (a checkout made through the merchant API), with its words. */
  back?: { href: string; label: string } | null;
  /** When it was paid, in the reader's words (lib/i18n formatDateTime); null before it is known. */
  when: string | null;
  reason: string | null;
  amountText: string;
  reference: string;
  /** A paid card's receipt: its PDF, and the same link sent in LINE (`lineShareHref`, above). */
  receipt?: ReceiptLinks | null;
}

const receiptLink =
  "block rounded-lg bg-white px-3 py-3 text-center text-teal-900 ring-1 ring-teal-700 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-4 focus-visible:ring-teal-600/50";

/** `reasonSlot`: the template's rejected card keeps the reason's rows for the script to fill or remove. */
export function OutcomeCard({
  outcome,
  back,
  when,
  reason,
  amountText,
  reference,
  receipt,
  t,
  reasonSlot = false,
}: OutcomeFacts & { t: CheckoutMessages; reasonSlot?: boolean }) {
  const paid = outcome === "paid";
  const title = paid ? t.paidTitle : outcome === "rejected" ? t.rejectedTitle : outcome === "expired" ? t.expiredTitle : t.canceledTitle;
  return (
    <section
      role="status"
      aria-live="polite"
      data-testid="checkout-outcome"
      className={`space-y-3 rounded-xl p-5 ${paid ? "bg-teal-50 ring-1 ring-teal-600" : "bg-rose-50 ring-1 ring-rose-600"}`}
    >
      <h2 className={`text-xl ${paid ? "text-teal-900" : "text-rose-900"}`}>
        <span aria-hidden="true">{paid ? "✓ " : "✕ "}</span>
        {title}
      </h2>
      <p className="text-slate-800">{paid ? t.paidBody : outcome === "rejected" ? t.rejectedBody : t.expiredBody}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
        <dt className="text-slate-700">{paid ? t.amountPaid : t.amount}</dt>
        <dd className="tabular-nums">{amountText}</dd>
        {paid && (
          <>
            <dt className="text-slate-700">{t.paidAt}</dt>
            <dd data-slot="when">{when}</dd>
          </>
        )}
        <dt className="text-slate-700">{t.reference}</dt>
        <dd className="break-all tabular-nums">{reference}</dd>
        {outcome === "rejected" && (reason || reasonSlot) && (
          <>
            <dt className="text-slate-700" data-slot="reason-label">
              {t.reason}
            </dt>
            <dd data-slot="reason">{reason}</dd>
          </>
        )}
      </dl>
      {paid && receipt && (
        <p className="grid grid-cols-2 gap-3 text-base">
          <a href={receipt.pdfHref} type="application/pdf" data-testid="receipt-pdf" className={receiptLink}>
            {t.receiptPdf}
          </a>
          <a href={receipt.lineHref} rel="noreferrer" data-testid="receipt-line" className={receiptLink}>
            {t.shareInLine}
          </a>
        </p>
      )}
      {back && (
        <a
          href={back.href}
          rel="noreferrer"
          data-testid="back-to-shop"
          className="block rounded-lg bg-teal-800 px-4 py-3 text-center text-base text-white underline-offset-2 hover:underline focus:outline-none focus-visible:ring-4 focus-visible:ring-teal-600/50"
        >
          {back.label}
        </a>
      )}
      {/* Where the QR was, for a request that can no longer be paid: crossed out, with words, never
          scannable. A paid one is a receipt: nothing there reads as an error. */}
      {!paid && (
        <>
          <div aria-hidden="true" className="relative mx-auto grid size-40 place-items-center rounded-lg bg-slate-200 text-slate-500">
            <span className="text-6xl">▦</span>
            <span className="absolute inset-x-0 top-1/2 h-1 -rotate-45 bg-rose-600" />
          </div>
          <p className="text-center text-rose-800">{t.qrVoid}</p>
        </>
      )}
    </section>
  );
}

const OUTCOMES: Outcome[] = ["paid", "rejected", "expired", "canceled"];

/**
 * Every state the open page can turn into, rendered by the same components as above. Inert until
 * the script clones one; with JavaScript off they are never shown. `id`s are what the script asks for.
 */
export function LiveTemplates({
  t,
  amountText,
  reference,
  copyLabels,
  back,
  receipt,
}: {
  t: CheckoutMessages;
  amountText: string;
  reference: string;
  copyLabels: CopyLabels;
  back: OutcomeFacts["back"];
  receipt: ReceiptLinks;
}) {
  return (
    <div hidden data-templates="">
      {OUTCOMES.map((outcome) => (
        <template key={outcome} id={`tpl-outcome-${outcome}`}>
          <OutcomeCard
            outcome={outcome}
            back={back}
            when={null}
            reason={null}
            amountText={amountText}
            reference={reference}
            receipt={receipt}
            t={t}
            reasonSlot
          />
        </template>
      ))}
      <template id="tpl-countdown-hurry">
        <Countdown remaining={0} t={t} />
      </template>
      <template id="tpl-line-live">
        <LiveLineWords offline={false} t={t} />
      </template>
      <template id="tpl-line-offline">
        <LiveLineWords offline t={t} />
      </template>
      <template id="tpl-copied">
        <CopyNote state="copied" labels={copyLabels} />
      </template>
      <template id="tpl-copy-failed">
        <CopyNote state="failed" labels={copyLabels} />
      </template>
    </div>
  );
}
