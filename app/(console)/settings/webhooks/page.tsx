import type { Metadata } from "next";
import Link from "next/link";
import { outboundMessages } from "@/components/console/settings/webhooks/outbound-messages";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { listMerchantSettings } from "@/lib/merchants/settings";
import { endpointOverview } from "@/lib/outbound-webhooks/endpoints";

export const metadata: Metadata = { title: "Outbound webhooks" };

/** Settings → Outbound webhooks: the merchants, each with its endpoints' count and health. */
export default async function OutboundWebhooksPage() {
  const session = await requirePermission("merchant.manage");
  const [locale, db] = await Promise.all([getLocale(), getDb()]);
  const merchants = await listMerchantSettings(db, session);
  const overview = await endpointOverview(
    db,
    merchants.map((merchant) => merchant.id),
  );
  const t = outboundMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="webhooks" />
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      <p className="mt-2 text-sm">
        <Link href="/settings/webhooks/log" className="text-brand-dark underline">
          {t.log}
        </Link>
      </p>
      <h2 className="mt-6 text-lg font-medium">{t.chooseMerchant}</h2>
      <ul className="mt-2 space-y-2" data-testid="webhook-merchants">
        {merchants.map((merchant) => {
          const counts = overview.get(merchant.id);
          return (
            <li key={merchant.id} className="text-sm">
              <Link href={`/settings/webhooks/${merchant.id}`} className="text-brand-dark underline">
                {merchant.displayName}
              </Link>{" "}
              <span className="text-slate-600">· {t.endpointsCount(String(counts?.endpoints ?? 0))}</span>
              {counts && counts.disabled > 0 && (
                <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
                  {t.disabled}: {counts.disabled}
                </span>
              )}
              {counts && counts.failing > 0 && (
                <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                  {t.failing}: {counts.failing}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
