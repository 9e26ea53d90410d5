import type { Metadata } from "next";
import Link from "next/link";
import { developerMessages } from "@/components/console/settings/developers/developer-messages";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { listMerchantSettings } from "@/lib/merchants/settings";

export const metadata: Metadata = { title: "Developers" };

/** Settings → Developers: the merchant API, per merchant. */
export default async function DevelopersPage() {
  const session = await requirePermission("merchant.manage");
  const [locale, merchants] = await Promise.all([getLocale(), listMerchantSettings(await getDb(), session)]);
  const t = developerMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="developers" />
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      <p className="mt-2 text-sm">
        <Link href="/settings/developers/reference" className="text-brand-dark underline">
          {t.reference}
        </Link>
      </p>
      <h2 className="mt-6 text-lg font-medium">{t.chooseMerchant}</h2>
      <ul className="mt-2 space-y-1" data-testid="developer-merchants">
        {merchants.map((merchant) => (
          <li key={merchant.id}>
            <Link href={`/settings/developers/${merchant.id}`} className="text-brand-dark underline">
              {merchant.displayName}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
