import type { Metadata } from "next";
import Link from "next/link";
import { SlipList } from "@/components/console/slips/slip-list";
import { slipMessages } from "@/components/console/slips/slip-messages";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { selectedMerchant } from "@/lib/navigation/selected-merchant";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { decodeSlipCursor, listSlips } from "@/lib/slips/queries";
import { isSlipView, SLIP_VIEWS, type SlipView } from "@/lib/slips/standing";

export async function generateMetadata(): Promise<Metadata> {
  return { title: slipMessages(await getLocale()).title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Recent slips in the header's merchant context, newest first, a page at a time (older via the cursor). */
export default async function SlipsPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requirePermission(CONSOLE_SECTIONS.slips.permissions);
  const locale = await getLocale();
  const t = slipMessages(locale);
  const query = await searchParams;
  const raw = query.cursor;
  const cursorText = typeof raw === "string" ? raw : "";
  const view: SlipView = isSlipView(query.view) ? query.view : "all";
  const withView = (extra: string) => {
    const parts = [view !== "all" ? `view=${view}` : "", extra].filter(Boolean);
    return parts.length ? `/slips?${parts.join("&")}` : "/slips";
  };
  const cursor = cursorText ? decodeSlipCursor(cursorText) : null;
  const choice = await selectedMerchant(session);
  const merchantName = choice.selected?.displayName ?? t.allMerchants;
  const page = cursorText && !cursor ? null : await listSlips(await getDb(), session, { merchant: choice.scope, cursor, view });
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
      <nav aria-label={t.views} className="flex flex-wrap gap-2 text-sm" data-testid="slip-views">
        {SLIP_VIEWS.map((each) => (
          <Link
            key={each}
            href={each === "all" ? "/slips" : `/slips?view=${each}`}
            aria-current={each === view ? "page" : undefined}
            className={`inline-flex min-h-10 items-center rounded-full border px-3 ${each === view ? "border-brand bg-brand text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
          >
            {t[`view.${each}`]}
          </Link>
        ))}
      </nav>
      {!page && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t.badCursor}{" "}
          <Link href="/slips" className="underline">
            {t.badCursorAction}
          </Link>
        </div>
      )}
      {page && page.rows.length === 0 && (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">{view === "all" ? t.none : t.noneInView}</p>
      )}
      {page && page.rows.length > 0 && <SlipList rows={page.rows} showMerchant={choice.scope === "all"} locale={locale} />}
      {page && (cursor || page.nextCursor) && (
        <nav aria-label={t.pages} className="flex flex-wrap justify-between gap-2 text-sm">
          {cursor ? (
            <Link href={withView("")} className={link}>
              ← {t.newest}
            </Link>
          ) : (
            <span />
          )}
          {page.nextCursor && (
            <Link href={withView(`cursor=${page.nextCursor}`)} className={link} data-testid="slips-older">
              {t.older} →
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
