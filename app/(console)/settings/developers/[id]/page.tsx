import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiKeyForm } from "@/components/console/settings/developers/api-key-form";
import { ApiKeyTable, type ApiKeyListing } from "@/components/console/settings/developers/api-key-table";
import { developerMessages } from "@/components/console/settings/developers/developer-messages";
import { ReturnOriginsForm } from "@/components/console/settings/developers/return-origins-form";
import { SettingsDetailHead, SettingsSection } from "@/components/console/settings/detail-layout";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { listApiKeys } from "@/lib/merchant-api/keys/manage";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getLocale } from "@/lib/i18n/server";
import { getMerchantSettings } from "@/lib/merchants/settings";
import { createApiKeyAction, revokeApiKeyAction, updateReturnOriginsAction } from "../actions";

export const metadata: Metadata = { title: "Developers" };

export default async function MerchantDevelopersPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requirePermission("merchant.manage");
  const [{ id }, locale, db] = await Promise.all([params, getLocale(), getDb()]);
  // Outside the person's scope is "not found", like a merchant that does not exist.
  const merchant = await getMerchantSettings(db, session, id);
  if (!merchant) notFound();
  const keys: ApiKeyListing[] = (await listApiKeys(db, merchant.id)).map((key) => ({
    id: key.id,
    name: key.name,
    mode: key.mode,
    scopes: key.scopes,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: key.lastUsedIp,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    status: key.status,
  }));
  const t = developerMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="developers" />
      <SettingsDetailHead back="/settings/developers" backLabel={t.title} title={merchant.displayName} />
      <div className="mt-6 space-y-6">
        <SettingsSection id="keys" title={t.keysTitle} intro={t.keysIntro}>
          <ApiKeyTable keys={keys} action={revokeApiKeyAction} merchantId={merchant.id} locale={locale} />
          <h3 className="mt-6 font-medium">{t.newKey}</h3>
          <div className="mt-3 max-w-2xl">
            <ApiKeyForm
              action={createApiKeyAction}
              merchantId={merchant.id}
              defaultMode={env().isSandbox || merchant.isDemo ? "test" : "live"}
              locale={locale}
            />
          </div>
        </SettingsSection>
        <SettingsSection id="origins" title={t.originsTitle} intro={t.originsIntro} bodyClassName="mt-4 max-w-2xl">
          <ReturnOriginsForm
            action={updateReturnOriginsAction}
            merchantId={merchant.id}
            origins={merchant.allowedReturnOrigins}
            locale={locale}
          />
        </SettingsSection>
      </div>
    </>
  );
}
