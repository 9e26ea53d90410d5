import type { Metadata } from "next";
import Link from "next/link";
import { LineLog } from "@/components/console/settings/line/line-log";
import { lineLogMessages } from "@/components/console/settings/line/line-log-messages";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { listLineMessages } from "@/lib/line/log";

export const metadata: Metadata = { title: "LINE messages sent" };

/** Every LINE message recorded (docs/DESIGN.md §17.1) and what became of it, beside the staff e-mail log. */
export default async function LineMessagesPage() {
  const session = await requirePermission("merchant.manage");
  const [locale, db] = await Promise.all([getLocale(), getDb()]);
  const rows = await listLineMessages(db, { merchantIds: session.merchantIds });
  const t = lineLogMessages(locale);
  return (
    <>
      <SettingsNav session={session} locale={locale} current="line" />
      <p className="text-sm">
        <Link href="/settings/line" className="text-brand-dark underline">
          ← {t.back}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      <div className="mt-4">
        {rows.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-700" data-testid="line-log-empty">
            {t.none}
          </p>
        ) : (
          <LineLog rows={rows} locale={locale} />
        )}
      </div>
    </>
  );
}
