import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ApiKeyForm } from "@/components/console/settings/developers/api-key-form";
import { ApiKeyTable, type ApiKeyListing } from "@/components/console/settings/developers/api-key-table";
import { developerMessages } from "@/components/console/settings/developers/developer-messages";
import { ReturnOriginsForm } from "@/components/console/settings/developers/return-origins-form";
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
  const section = "rounded-lg border border-slate-200 bg-white p-5";
  return (
    <>
      <SettingsNav session={session} locale={locale} current="developers" />
      <p className="text-sm">
        <Link href="/settings/developers" className="text-brand-dark underline">
          ← {t.title}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">{merchant.displayName}</h1>
      <div className="mt-6 space-y-6">
        <section aria-labelledby="keys-heading" className={section}>
          <h2 id="keys-heading" className="text-lg font-medium">
            {t.keysTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t.keysIntro}</p>
          <div className="mt-4">
            <ApiKeyTable keys={keys} action={revokeApiKeyAction} merchantId={merchant.id} locale={locale} />
          </div>
          <h3 className="mt-6 font-medium">{t.newKey}</h3>
          <div className="mt-3 max-w-2xl">
            <ApiKeyForm
              action={createApiKeyAction}
              merchantId={merchant.id}
              defaultMode={env().isSandbox || merchant.isDemo ? "test" : "live"}
              locale={locale}
            />
          </div>
        </section>
        <section aria-labelledby="origins-heading" className={section}>
          <h2 id="origins-heading" className="text-lg font-medium">
            {t.originsTitle}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{t.originsIntro}</p>
          <div className="mt-4 max-w-2xl">
            <ReturnOriginsForm
              action={updateReturnOriginsAction}
              merchantId={merchant.id}
              origins={merchant.allowedReturnOrigins}
              locale={locale}
            />
          </div>
        </section>
      </div>
    </>
  );
}
