import type { Metadata } from "next";
import { merchantMessages } from "@/components/console/settings/merchants/merchant-messages";
import { MerchantForm } from "@/components/console/settings/merchants/merchant-form";
import { NeedsAllMerchants } from "@/components/console/settings/needs-all-merchants";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { getLocale } from "@/lib/i18n/server";
import { createMerchantAction } from "../actions";

export const metadata: Metadata = { title: "Add a merchant" };

export default async function NewMerchantPage() {
  const session = await requirePermission("merchant.manage");
  const locale = await getLocale();
  const t = merchantMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="merchants" />
      <h1 className="text-2xl font-semibold">{t.newTitle}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.newIntro}</p>
      {session.merchantIds === null ? (
        <div className="mt-6 max-w-3xl">
          <MerchantForm action={createMerchantAction} locale={locale} />
        </div>
      ) : (
        <NeedsAllMerchants locale={locale} />
      )}
    </>
  );
}
