import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeliveryLog } from "@/components/console/settings/webhooks/delivery-log";
import { DeleteEndpoint, ResendFailedForm, RotateSecret, SendTestEvent } from "@/components/console/settings/webhooks/endpoint-controls";
import { EditEndpointForm } from "@/components/console/settings/webhooks/endpoint-form";
import { EndpointStatus } from "@/components/console/settings/webhooks/endpoint-status";
import { outboundMessages } from "@/components/console/settings/webhooks/outbound-messages";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { catchUpMark } from "@/lib/live/bus";
import { formatDateTime } from "@/lib/i18n/date-time";
import { getLocale } from "@/lib/i18n/server";
import { getMerchantSettings } from "@/lib/merchants/settings";
import { getEndpoint } from "@/lib/outbound-webhooks/endpoints";
import { listDeliveries } from "@/lib/outbound-webhooks/log";
import { parseLogQuery } from "@/lib/outbound-webhooks/log-filter";
import {
  deleteEndpointAction,
  resendDeliveryAction,
  resendFailedAction,
  rotateEndpointSecretAction,
  sendTestEventAction,
  updateEndpointAction,
} from "../../actions";

export const metadata: Metadata = { title: "Webhook endpoint" };

/** One endpoint: its health, settings, secret, a test event, deletion, and its delivery log. */
export default async function EndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; endpointId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requirePermission("merchant.manage");
  const [{ id, endpointId }, search, locale, db] = await Promise.all([params, searchParams, getLocale(), getDb()]);
  const merchant = await getMerchantSettings(db, session, id);
  if (!merchant) notFound();
  const endpoint = await getEndpoint(db, merchant.id, endpointId);
  if (!endpoint) notFound();
  const { query, ignored } = parseLogQuery(search);
  // Before the rows are read: the live updates catch up on what changed after (components/live/live-updates.tsx).
  const renderedAt = catchUpMark();
  const { entries, next } = await listDeliveries(db, { ...query, merchantIds: [merchant.id], endpointId: endpoint.id });
  const t = outboundMessages(locale);
  const section = "rounded-lg border border-slate-200 bg-white p-5";
  const reference = { merchantId: merchant.id, endpointId: endpoint.id };
  const basePath = `/settings/webhooks/${merchant.id}/${endpoint.id}`;
  const now = new Date();
  const stillSigning =
    endpoint.previousSecretUntil && endpoint.previousSecretUntil > now ? endpoint.previousSecretUntil.toISOString() : null;
  const dayAgoInBangkok = new Date(now.getTime() - 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 16);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="webhooks" />
      <p className="text-sm">
        <Link href={`/settings/webhooks/${merchant.id}`} className="text-brand-dark underline">
          ← {merchant.displayName}
        </Link>
      </p>
      <h1 className="mt-2 break-all text-xl font-semibold">{endpoint.url}</h1>
      {endpoint.description && <p className="mt-1 text-sm text-slate-700">{endpoint.description}</p>}
      <p className="mt-2 text-sm">
        <EndpointStatus endpoint={endpoint} locale={locale} />
      </p>
      {!endpoint.enabled && (
        <p
          role="status"
          className="mt-3 max-w-3xl rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
          data-testid="endpoint-disabled-notice"
        >
          {t.disabledNotice}
        </p>
      )}
      {endpoint.enabled && endpoint.failingSince && (
        <p role="status" className="mt-3 max-w-3xl rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t.failingNotice(formatDateTime(endpoint.failingSince, locale))}
        </p>
      )}
      <div className="mt-6 space-y-6">
        <section aria-labelledby="endpoint-settings-heading" className={section}>
          <h2 id="endpoint-settings-heading" className="text-lg font-medium">
            {t.settingsTitle}
          </h2>
          <div className="mt-3 max-w-3xl">
            <EditEndpointForm action={updateEndpointAction} merchantId={merchant.id} endpoint={endpoint} locale={locale} />
          </div>
        </section>
        <section aria-labelledby="endpoint-secret-heading" className={section}>
          <h2 id="endpoint-secret-heading" className="text-lg font-medium">
            {t.secretTitle}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{t.secretIntro}</p>
          <div className="mt-3">
            <RotateSecret action={rotateEndpointSecretAction} reference={reference} previousSecretUntil={stillSigning} locale={locale} />
          </div>
        </section>
        <section aria-labelledby="endpoint-test-heading" className={section}>
          <h2 id="endpoint-test-heading" className="text-lg font-medium">
            {t.testTitle}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{t.testIntro}</p>
          <div className="mt-3">
            <SendTestEvent action={sendTestEventAction} reference={reference} locale={locale} />
          </div>
        </section>
        <section aria-labelledby="endpoint-log-heading" className={section}>
          <h2 id="endpoint-log-heading" className="text-lg font-medium">
            {t.log}
          </h2>
          <div className="mt-3">
            <DeliveryLog
              entries={entries}
              next={next}
              query={query}
              ignored={ignored}
              basePath={basePath}
              showEndpoint={false}
              resendAction={resendDeliveryAction}
              renderedAt={renderedAt}
              locale={locale}
            />
          </div>
          <h3 className="mt-6 font-medium">{t.resendFailedTitle}</h3>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{t.resendFailedIntro}</p>
          <div className="mt-3">
            <ResendFailedForm action={resendFailedAction} reference={reference} defaultSince={dayAgoInBangkok} locale={locale} />
          </div>
        </section>
        <section aria-labelledby="endpoint-delete-heading" className={section}>
          <h2 id="endpoint-delete-heading" className="text-lg font-medium">
            {t.deleteTitle.replace(/\?$/, "")}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{t.deleteBody}</p>
          <div className="mt-3">
            <DeleteEndpoint
              action={deleteEndpointAction}
              reference={reference}
              backTo={`/settings/webhooks/${merchant.id}`}
              locale={locale}
            />
          </div>
        </section>
      </div>
    </>
  );
}
