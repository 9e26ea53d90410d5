import type { Metadata } from "next";
import Link from "next/link";
import { merchantMessages } from "@/components/console/settings/merchants/merchant-messages";
import { MerchantTable } from "@/components/console/settings/merchants/merchant-table";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { listMerchantSettings } from "@/lib/merchants/settings";
import { primaryButtonClass } from "@/components/ui/button";

export const metadata: Metadata = { title: "Merchants" };

export default async function MerchantsPage() {
  const session = await requirePermission("merchant.manage");
  const [locale, merchants] = await Promise.all([getLocale(), listMerchantSettings(await getDb(), session)]);
  const t = merchantMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="merchants" />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-2xl font-semibold">{t.merchantsTitle}</h1>
          <p className="mt-2 text-sm text-slate-700">{t.merchantsIntro}</p>
        </div>
        {session.merchantIds === null && (
          <Link href="/settings/merchants/new" className={primaryButtonClass}>
            {t.addMerchant}
          </Link>
        )}
      </div>
      <div className="mt-6">
        <MerchantTable merchants={merchants} locale={locale} />
      </div>
    </>
  );
}
