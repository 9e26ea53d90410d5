import { Notice, PublicShell } from "@/components/ui/public-shell";
import { formatThb, type Locale } from "@/lib/i18n";
import type { SlipLinkCheck, SlipRequestView } from "@/lib/slips/link";
import type { SlipFailure } from "./failure";
import { slipFormMessages, slipMessages } from "./messages";
import { SlipDone, SlipFailed, SlipForm, SlipTemplates } from "./slip-form";

/**
 * The slip upload page's markup (docs/DESIGN.md §5.3), the one source for its first HTML and for
 * every state it turns into: the server renders the page whole, with the form as a plain multipart
 * post to `…/upload` (it works without script: the route sends the customer back here with
 * `?sent=`), and the page's script (browser/slip.ts) enhances it — preview, scaling, the slip's QR,
 * the duplicate warning, progress, the language switch that keeps the picked slip — cloning the
 * outcome sections from the <template>s below and taking the words it fills in from the templates' `data-words`.
 */
export interface SlipPageProps {
  locale: Locale;
  /** The slip link's own path, `/payin-slip-upload/<orgId>/<paymentRequestId>/<token>`. */
  base: string;
  opened: SlipLinkCheck;
  /** What a form posted without script came back with; null on an ordinary visit. */
  sent: "done" | SlipFailure | null;
}

/** Whether the page offers the form (and so loads its script). */
export const offersForm = (opened: SlipLinkCheck, sent: SlipPageProps["sent"]) => opened.ok && !opened.request?.ended && sent === null;

export function SlipPage({ locale, base, opened, sent }: SlipPageProps) {
  const t = slipMessages(locale);
  const labels = slipFormMessages(locale);
  const shell = (merchantName: string | null, inPlace: boolean, children: React.ReactNode) => (
    <PublicShell
      merchantName={merchantName}
      brand={opened.ok ? opened.request?.brand : null}
      locale={locale}
      languageHref={(to) => `${base}/language?to=${to}`}
      languageLabel={t.language}
      inPlace={inPlace}
    >
      {children}
    </PublicShell>
  );
  if (!opened.ok) {
    const notice =
      opened.reason === "rate_limited"
        ? { title: t.busyTitle, body: t.busyBody(Math.max(1, Math.ceil((opened.retryAfterMs ?? 60_000) / 60_000))) }
        : opened.reason === "busy"
          ? { title: t.providerBusyTitle, body: t.providerBusyBody }
          : opened.reason === "unavailable"
            ? { title: t.unavailableTitle, body: t.unavailableBody }
            : { title: t.invalidTitle, body: t.invalidBody };
    return shell(
      null,
      false,
      <>
        <Notice title={notice.title} body={notice.body} testId={`slip-${opened.reason.replace("_", "-")}`} />
        {opened.reason !== "invalid" && (
          <a href={base} className="inline-block rounded-lg border-2 border-teal-700 px-5 py-2 font-semibold text-teal-800">
            {t.tryAgain}
          </a>
        )}
      </>,
    );
  }
  const ended = opened.request?.ended ?? null;
  const form = offersForm(opened, sent);
  return shell(
    opened.request?.merchantName ?? null,
    form,
    <>
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
      {!ended && sent === "done" && <SlipDone labels={labels} />}
      {!ended && sent && sent !== "done" && <SlipFailed labels={labels} failure={sent} retryHref={base} />}
      {form && (
        <>
          <div data-slot="outcome" />
          <SlipForm base={base} labels={labels} />
          <SlipTemplates labels={labels} languageFailed={t.languageFailed} />
        </>
      )}
    </>,
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
