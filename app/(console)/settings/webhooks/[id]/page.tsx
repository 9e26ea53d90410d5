import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NewEndpointForm } from "@/components/console/settings/webhooks/endpoint-form";
import { EndpointStatus } from "@/components/console/settings/webhooks/endpoint-status";
import { outboundMessages } from "@/components/console/settings/webhooks/outbound-messages";
import { SettingsDetailHead, SettingsSection } from "@/components/console/settings/detail-layout";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { getMerchantSettings } from "@/lib/merchants/settings";
import { listEndpoints } from "@/lib/outbound-webhooks/endpoints";
import { createEndpointAction } from "../actions";

export const metadata: Metadata = { title: "Outbound webhooks" };

/** A merchant's endpoints, and a form to add one. */
export default async function MerchantEndpointsPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requirePermission("merchant.manage");
  const [{ id }, locale, db] = await Promise.all([params, getLocale(), getDb()]);
  // Outside the person's scope is "not found", like a merchant that does not exist.
  const merchant = await getMerchantSettings(db, session, id);
  if (!merchant) notFound();
  const endpoints = await listEndpoints(db, merchant.id);
  const t = outboundMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="webhooks" />
      <SettingsDetailHead back="/settings/webhooks" backLabel={t.back} title={merchant.displayName} />
      <p className="mt-2 text-sm">
        <Link href={`/settings/webhooks/log?merchant=${merchant.id}`} className="text-brand-dark underline">
          {t.log}
        </Link>
      </p>
      <div className="mt-6 space-y-6">
        <SettingsSection id="endpoints" title={t.endpointsTitle} bodyClassName="">
          {endpoints.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t.none}</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="endpoint-table">
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th className="py-2 pr-3 font-medium">{t.colUrl}</th>
                    <th className="py-2 pr-3 font-medium">{t.colEvents}</th>
                    <th className="py-2 pr-3 font-medium">{t.colStatus}</th>
                    <th className="py-2 font-medium">
                      <span className="sr-only">{t.manage}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {endpoints.map((endpoint) => (
                    <tr key={endpoint.id} className="border-b border-slate-100 align-top" data-testid="endpoint-row">
                      <td className="py-2 pr-3">
                        <span className="break-all font-mono text-xs">{endpoint.url}</span>
                        {endpoint.description && <span className="block text-xs text-slate-600">{endpoint.description}</span>}
                      </td>
                      <td className="py-2 pr-3 text-xs">{endpoint.eventTypes.length}</td>
                      <td className="py-2 pr-3">
                        <EndpointStatus endpoint={endpoint} locale={locale} />
                      </td>
                      <td className="py-2">
                        <Link href={`/settings/webhooks/${merchant.id}/${endpoint.id}`} className="text-brand-dark underline">
                          {t.manage}
                          <span className="sr-only">: {endpoint.url}</span>
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </SettingsSection>
        <SettingsSection id="new-endpoint" title={t.newEndpoint} bodyClassName="mt-3 max-w-3xl">
          <NewEndpointForm action={createEndpointAction} merchantId={merchant.id} locale={locale} />
        </SettingsSection>
      </div>
    </>
  );
}
