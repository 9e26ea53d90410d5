import type { Metadata } from "next";
import Link from "next/link";
import { DeliveryLog } from "@/components/console/settings/webhooks/delivery-log";
import { outboundMessages } from "@/components/console/settings/webhooks/outbound-messages";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { catchUpMark } from "@/lib/live/bus";
import { getLocale } from "@/lib/i18n/server";
import { listMerchantSettings } from "@/lib/merchants/settings";
import { listDeliveries } from "@/lib/outbound-webhooks/log";
import { parseLogQuery } from "@/lib/outbound-webhooks/log-filter";
import { resendDeliveryAction } from "../actions";

export const metadata: Metadata = { title: "Delivery log" };

/** Every outbound delivery of the merchants in the person's scope (or of one, `?merchant=`), newest first. */
export default async function DeliveryLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requirePermission("merchant.manage");
  const [search, locale, db] = await Promise.all([searchParams, getLocale(), getDb()]);
  const merchants = await listMerchantSettings(db, session);
  const chosen = typeof search.merchant === "string" ? merchants.find((merchant) => merchant.id === search.merchant) : undefined;
  const { query, ignored } = parseLogQuery(search);
  const merchantIds = chosen ? [chosen.id] : merchants.map((merchant) => merchant.id);
  // Before the rows are read: the live updates catch up on what changed after (components/live/live-updates.tsx).
  const renderedAt = catchUpMark();
  const { entries, next } = await listDeliveries(db, { ...query, merchantIds });
  const t = outboundMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="webhooks" />
      <p className="text-sm">
        <Link href="/settings/webhooks" className="text-brand-dark underline">
          ← {t.back}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">
        {t.log}
        {chosen ? ` · ${chosen.displayName}` : ""}
      </h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.logIntro}</p>
      <div className="mt-4">
        <DeliveryLog
          entries={entries}
          next={next}
          query={query}
          ignored={ignored}
          basePath="/settings/webhooks/log"
          keep={chosen ? { merchant: chosen.id } : {}}
          showEndpoint
          resendAction={resendDeliveryAction}
          renderedAt={renderedAt}
          locale={locale}
        />
      </div>
    </>
  );
}
