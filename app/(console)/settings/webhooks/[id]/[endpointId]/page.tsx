import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DeliveryLog } from "@/components/console/settings/webhooks/delivery-log";
import { DeleteEndpoint, ResendFailedForm, RotateSecret, SendTestEvent } from "@/components/console/settings/webhooks/endpoint-controls";
import { EditEndpointForm } from "@/components/console/settings/webhooks/endpoint-form";
import { EndpointStatus } from "@/components/console/settings/webhooks/endpoint-status";
import { outboundMessages } from "@/components/console/settings/webhooks/outbound-messages";
import { SettingsDetailHead, SettingsSection } from "@/components/console/settings/detail-layout";
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
  const reference = { merchantId: merchant.id, endpointId: endpoint.id };
  const basePath = `/settings/webhooks/${merchant.id}/${endpoint.id}`;
  const now = new Date();
  const stillSigning =
    endpoint.previousSecretUntil && endpoint.previousSecretUntil > now ? endpoint.previousSecretUntil.toISOString() : null;
  const dayAgoInBangkok = new Date(now.getTime() - 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 16);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="webhooks" />
      <SettingsDetailHead
        back={`/settings/webhooks/${merchant.id}`}
        backLabel={merchant.displayName}
        title={endpoint.url}
        titleClassName="break-all text-xl"
      />
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
        <SettingsSection id="endpoint-settings" title={t.settingsTitle} bodyClassName="mt-3 max-w-3xl">
          <EditEndpointForm action={updateEndpointAction} merchantId={merchant.id} endpoint={endpoint} locale={locale} />
        </SettingsSection>
        <SettingsSection id="endpoint-secret" title={t.secretTitle} intro={t.secretIntro} bodyClassName="mt-3">
          <RotateSecret action={rotateEndpointSecretAction} reference={reference} previousSecretUntil={stillSigning} locale={locale} />
        </SettingsSection>
        <SettingsSection id="endpoint-test" title={t.testTitle} intro={t.testIntro} bodyClassName="mt-3">
          <SendTestEvent action={sendTestEventAction} reference={reference} locale={locale} />
        </SettingsSection>
        <SettingsSection id="endpoint-log" title={t.log} bodyClassName="mt-3">
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
          <h3 className="mt-6 font-medium">{t.resendFailedTitle}</h3>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{t.resendFailedIntro}</p>
          <div className="mt-3">
            <ResendFailedForm action={resendFailedAction} reference={reference} defaultSince={dayAgoInBangkok} locale={locale} />
          </div>
        </SettingsSection>
        <SettingsSection id="endpoint-delete" title={t.deleteTitle.replace(/\?$/, "")} intro={t.deleteBody} bodyClassName="mt-3">
          <DeleteEndpoint
            action={deleteEndpointAction}
            reference={reference}
            backTo={`/settings/webhooks/${merchant.id}`}
            locale={locale}
          />
        </SettingsSection>
      </div>
    </>
  );
}
