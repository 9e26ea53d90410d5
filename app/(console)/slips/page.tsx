import type { Metadata } from "next";
import Link from "next/link";
import { SlipList } from "@/components/console/slips/slip-list";
import { slipMessages } from "@/components/console/slips/slip-messages";
import { CONSOLE_SECTIONS } from "@/lib/auth/console-sections";
import { selectedMerchant } from "@/lib/auth/selected-merchant";
import { requirePermission } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { decodeSlipCursor, listSlips } from "@/lib/slips/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: slipMessages(await getLocale()).title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Recent slips in the header's merchant context, newest first, a page at a time (older via the cursor). */
export default async function SlipsPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requirePermission(CONSOLE_SECTIONS.slips.permissions);
  const locale = await getLocale();
  const t = slipMessages(locale);
  const raw = (await searchParams).cursor;
  const cursorText = typeof raw === "string" ? raw : "";
  const cursor = cursorText ? decodeSlipCursor(cursorText) : null;
  const choice = await selectedMerchant(session);
  const merchantName = choice.selected?.displayName ?? t.allMerchants;
  const page = cursorText && !cursor ? null : await listSlips(await getDb(), session, { merchant: choice.scope, cursor });
  const link = "inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-3 text-brand-dark hover:bg-slate-50";

  return (
    <section className="space-y-3 sm:space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold sm:text-2xl">{t.title}</h1>
        <p className="text-sm text-slate-600" data-testid="slip-scope">
          {t.showing(merchantName)}
        </p>
      </div>
      <p className="text-sm text-slate-700">{t.intro}</p>
      {!page && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t.badCursor}{" "}
          <Link href="/slips" className="underline">
            {t.badCursorAction}
          </Link>
        </div>
      )}
      {page && page.rows.length === 0 && <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">{t.none}</p>}
      {page && page.rows.length > 0 && <SlipList rows={page.rows} showMerchant={choice.scope === "all"} locale={locale} />}
      {page && (cursor || page.nextCursor) && (
        <nav aria-label={t.pages} className="flex flex-wrap justify-between gap-2 text-sm">
          {cursor ? (
            <Link href="/slips" className={link}>
              ← {t.newest}
            </Link>
          ) : (
            <span />
          )}
          {page.nextCursor && (
            <Link href={`/slips?cursor=${page.nextCursor}`} className={link} data-testid="slips-older">
              {t.older} →
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
