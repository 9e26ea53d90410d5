import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/console/settings/developers/api-reference";
import { developerMessages } from "@/components/console/settings/developers/developer-messages";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { env } from "@/lib/env";
import { getLocale } from "@/lib/i18n/server";
import { openApiDocument } from "@/lib/merchant-api/openapi";

export const metadata: Metadata = { title: "API reference" };

/** The merchant API's reference, from the OpenAPI document the routes are checked against. */
export default async function ApiReferencePage() {
  const session = await requirePermission("merchant.manage");
  const locale = await getLocale();
  const t = developerMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="developers" />
      <p className="mb-4 text-sm">
        <Link href="/settings/developers" className="text-brand-dark underline">
          ← {t.title}
        </Link>{" "}
        ·{" "}
        <a href="/api/v1/openapi.json" className="text-brand-dark underline">
          openapi.json
        </a>
      </p>
      <div lang="en">
        <ApiReference document={openApiDocument(env().PUBLIC_BASE_URL)} />
      </div>
    </>
  );
}
