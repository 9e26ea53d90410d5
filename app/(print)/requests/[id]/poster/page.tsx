import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ServerQr } from "@/components/checkout/server-qr";
import { posterMessages } from "@/components/console/requests/poster-messages";
import { PrintButton } from "@/components/console/requests/print-button";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { requirePermission } from "@/lib/auth/current-session";
import { checkoutTokenFor } from "@/lib/checkout/token";
import { loadCheckout } from "@/lib/checkout/view";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { formatThb } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import { getRequestInScope } from "@/lib/requests/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: posterMessages(await getLocale()).title };
}

/**
 * A Pay-In's QR on one printed sheet, for a counter or a door: the merchant, the amount and the
 * payment QR exactly as the checkout page shows them (read through the checkout's own view, so the
 * payload cannot differ), with the customer's instruction in Thai and English whatever the staff
 * member's language. The print button and the way back are not printed.
 */
export default async function PosterPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requirePermission(CONSOLE_SECTIONS.requests.permissions);
  const { id } = await params;
  const db = await getDb();
  // Scoped in the query: another merchant's request is "not found", as on the request's page.
  const detail = await getRequestInScope(db, session, id);
  if (!detail || (detail.request.kind !== "payin" && detail.request.kind !== "payin_p2p")) notFound();
  const found = await loadCheckout(db, checkoutTokenFor(detail.request), env().PUBLIC_BASE_URL);
  const view = found.ok ? found.view : null;
  const t = posterMessages(await getLocale());

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div>
          <h1 className="text-2xl font-semibold">{t.title}</h1>
          <p className="mt-1 max-w-xl text-sm text-slate-700">{t.intro}</p>
        </div>
        <div className="flex items-center gap-4">
          <Link href={`/requests/${id}`} className="text-sm text-brand-dark underline">
            ← {t.back}
          </Link>
          {view?.qrPayload && <PrintButton label={t.print} />}
        </div>
      </div>
      {!view?.qrPayload ? (
        <p role="status" className="rounded-md border border-slate-300 bg-white p-4 text-slate-800" data-testid="poster-no-qr">
          {t.noQr}
        </p>
      ) : (
        <Poster
          merchantName={view.merchantName}
          amount={formatThb(view.amountSatang)}
          qrPayload={view.qrPayload}
          refId1={view.refId1}
          label={t.title}
          qrAlt={t.qrAlt}
          reference={t.reference}
        />
      )}
    </>
  );
}

interface PosterProps {
  merchantName: string;
  amount: string;
  qrPayload: string;
  refId1: string;
  label: string;
  qrAlt: (amount: string, merchant: string) => string;
  reference: string;
}

/** The sheet itself: sized to fit A5's printable area, so it prints on one page of A5 or A4. */
function Poster({ merchantName, amount, qrPayload, refId1, label, qrAlt, reference }: PosterProps) {
  const th = posterMessages("th");
  const en = posterMessages("en");
  return (
    <section
      aria-label={label}
      data-testid="poster"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border-2 border-slate-900 bg-white p-6 text-center text-slate-950 break-inside-avoid print:max-w-none print:border-0 print:p-0"
    >
      <p className="text-2xl font-semibold" data-testid="poster-merchant">
        {merchantName}
      </p>
      <p className="text-lg">
        {th.scanToPay} · {en.scanToPay}
      </p>
      <p className="text-4xl font-bold tabular-nums" data-testid="poster-amount">
        {amount}
      </p>
      <ServerQr value={qrPayload} label={qrAlt(amount, merchantName)} size={260} testId="poster-qr" />
      <p className="text-base" lang="th" data-testid="poster-instruction-th">
        {th.instruction(amount)}
      </p>
      <p className="text-base" lang="en" data-testid="poster-instruction-en">
        {en.instruction(amount)}
      </p>
      <p className="text-xs text-slate-700">
        {reference} <span className="font-mono">{refId1}</span>
      </p>
    </section>
  );
}
