import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { StatusBadge } from "@/components/console/requests/status-badge";
import { thb } from "@/components/console/requests/request-format";
import { SlipDecisionForm } from "@/components/console/slips/slip-decision-form";
import { slipImagePath, slipMessages, slipReference } from "@/components/console/slips/slip-messages";
import { can } from "@/lib/auth/permissions";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { formatDateTime } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import type { State } from "@/lib/requests/lifecycle";
import { ensureSlipQr, slipsWithSameReference } from "@/lib/slips/decide";
import { slipBankName } from "@/lib/slips/qr";
import { getSlipInScope } from "@/lib/slips/queries";
import { decideSlipAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: slipMessages(await getLocale()).picture };
}

/**
 * One slip: the picture at full size, what its QR says beside its request, other slips showing the
 * same transfer, and the decision — matches or not, with a note — by those who may make it.
 */
export default async function SlipPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requirePermission(CONSOLE_SECTIONS.slips.permissions);
  const { id } = await params;
  const [locale, db] = await Promise.all([getLocale(session), getDb()]);
  const t = slipMessages(locale);
  // Read on the first look when the upload's own read has not happened (or the slip came before it).
  await ensureSlipQr(db, id);
  const slip = await getSlipInScope(db, session, id);
  if (!slip) notFound();
  const same = slip.qrReference ? await slipsWithSameReference(db, session, slip.id, slip.qrReference) : [];
  const uploaded = formatDateTime(slip.createdAt, locale);
  const typed = slipReference(slip.first4, slip.last4);
  const typedAgrees =
    typed && slip.qrReference ? slip.qrReference.startsWith(slip.first4!) && slip.qrReference.endsWith(slip.last4!) : null;
  const toPay = slip.request.generatedAmount ?? slip.request.requestedAmount;
  const row = "grid gap-1 border-t border-slate-100 py-2 sm:grid-cols-[8rem_1fr_1fr] sm:gap-3";

  return (
    <section className="space-y-4" data-testid="slip-page">
      <p className="text-sm">
        <Link href="/slips" className="text-brand-dark underline">
          ← {t.backToSlips}
        </Link>
      </p>
      <h1 className="break-words text-xl font-semibold sm:text-2xl">{t.slipTitle(slip.request.refId1)}</h1>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <figure className="rounded-lg border border-slate-200 bg-white p-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- a private picture behind the staff session: next/image's optimiser would fetch it without one */}
          <img
            src={slipImagePath(slip.id, "image")}
            alt={t.pictureAlt(uploaded)}
            className="mx-auto max-h-[60vh] lg:max-h-[80vh] w-auto max-w-full object-contain"
            data-testid="slip-picture"
          />
          <figcaption className="mt-2 text-sm">
            <a href={slipImagePath(slip.id, "image")} target="_blank" rel="noopener" className="text-brand-dark underline">
              {t.openPictureAlone} <span className="text-slate-600">{t.newTab}</span>
            </a>
          </figcaption>
        </figure>
        <div className="space-y-4">
          <section aria-labelledby="slip-beside" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <h2 id="slip-beside" className="text-lg font-semibold">
              {t.besideRequest}
            </h2>
            <div className="mt-2 hidden font-medium text-slate-600 sm:grid sm:grid-cols-[8rem_1fr_1fr] sm:gap-3" aria-hidden="true">
              <span />
              <span>{t.fromSlip}</span>
              <span>{t.theRequest}</span>
            </div>
            <dl data-testid="slip-beside">
              <div className={row}>
                <dt className="font-medium">{t.amount}</dt>
                <dd data-testid="slip-amount">
                  <span className="font-medium text-slate-600 sm:sr-only">{t.fromSlip}: </span>
                  {slip.qrKind === "payment_qr" && slip.qrAmount ? t.amountInPaymentQr(thb(slip.qrAmount)) : t.amountNotInQr}
                </dd>
                <dd className="tabular-nums" data-testid="slip-request-amount">
                  <span className="font-medium text-slate-600 sm:sr-only">{t.theRequest}: </span>
                  {t.toPayAmount(thb(toPay))}
                </dd>
              </div>
              <div className={row}>
                <dt className="font-medium">{t.referenceLabel}</dt>
                <dd data-testid="slip-qr-reference">
                  <span className="font-medium text-slate-600 sm:sr-only">{t.fromSlip}: </span>
                  {slip.qrKind === "slip" && slip.qrReference ? (
                    <>
                      <span className="break-all font-mono">{slip.qrReference}</span> ({t.qrSource(slipBankName(slip.qrBank ?? "", locale))}
                      )
                    </>
                  ) : slip.qrKind === null ? (
                    t.qrNotRead
                  ) : slip.qrKind === "none" ? (
                    t.qrNone
                  ) : (
                    t.qrOther
                  )}
                  {typed && (
                    <span className="mt-1 block" data-testid="slip-typed">
                      {t.customerTyped(typed)}
                      {typedAgrees !== null && (
                        <span className={typedAgrees ? "text-emerald-800" : "font-semibold text-red-700"}>
                          {" "}
                          ({typedAgrees ? t.typedAgrees : t.typedDiffers})
                        </span>
                      )}
                    </span>
                  )}
                </dd>
                <dd>
                  <span className="font-medium text-slate-600 sm:sr-only">{t.theRequest}: </span>
                  <Link
                    href={`/requests/${slip.request.id}`}
                    className="break-all font-mono text-brand-dark underline"
                    data-testid="slip-request-link"
                  >
                    {slip.request.refId1}
                  </Link>
                </dd>
              </div>
              <div className={row}>
                <dt className="font-medium">{t.requestState}</dt>
                <dd className="sm:col-span-2">
                  <StatusBadge state={slip.request.status as State} locale={locale} />
                  <span className="ml-2 text-slate-700">{slip.request.merchantName}</span>
                </dd>
              </div>
              <div className={row}>
                <dt className="font-medium">{t.uploadedAt}</dt>
                <dd className="sm:col-span-2">
                  <time dateTime={slip.createdAt.toISOString()}>{uploaded}</time>
                  {slip.note && <span className="mt-1 block break-words">{t.customerNote(slip.note)}</span>}
                </dd>
              </div>
            </dl>
            {same.length > 0 && (
              <div
                role="note"
                className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
                data-testid="slip-same-reference"
              >
                <p className="font-medium">{t.sameReference(same.length)}</p>
                <ul className="mt-1 list-disc pl-5">
                  {same.map((other) => (
                    <li key={other.id}>
                      <Link href={`/slips/${other.id}`} className="underline">
                        {t.sameReferenceLink(other.refId1, formatDateTime(other.createdAt, locale))}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>
          <section aria-labelledby="slip-decision" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <h2 id="slip-decision" className="text-lg font-semibold">
              {t.decisionHeading}
            </h2>
            <p className="mt-1 text-slate-700">{t.decisionIntro}</p>
            <p className="mt-2 font-medium" data-testid="slip-decision-now" data-decision={slip.decision ?? ""}>
              {slip.decision && slip.decidedAt
                ? t.decisionNow(t[`standing.${slip.decision}`], slip.decidedByName ?? "—", formatDateTime(slip.decidedAt, locale))
                : t.decisionNone}
            </p>
            {slip.decisionNote && <p className="break-words text-slate-700">{t.decisionNoteShown(slip.decisionNote)}</p>}
            {can(session.role, "slip.review") ? (
              <SlipDecisionForm
                action={decideSlipAction}
                slipId={slip.id}
                current={{ decision: slip.decision, note: slip.decisionNote }}
                locale={locale}
              />
            ) : (
              <p className="mt-2 text-slate-600">{t.cannotDecide}</p>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}
