import type { Metadata } from "next";
import { EmptyState, Pager, RequestTabs, sortLabel, tabLabel } from "@/components/console/requests/list-nav";
import { ListSummary } from "@/components/console/requests/list-summary";
import { PageMerchant } from "@/components/console/merchant-scope";
import { FilterForm } from "@/components/console/requests/filter-form";
import { filterErrorMessages, listMessages } from "@/components/console/requests/list-messages";
import { RequestTable } from "@/components/console/requests/request-table";
import { LiveUpdates } from "@/components/live/live-updates";
import { catchUpMark } from "@/lib/live/bus";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { canAny, type Permission } from "@/lib/auth/permissions";
import { selectedMerchant } from "@/lib/navigation/selected-merchant";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { hasNarrowingFilters, listHref, parseListFilters, type ListTab } from "@/lib/requests/list-filters";
import { listRequests, listStaffNames } from "@/lib/requests/queries";
import { summarizeRequests } from "@/lib/requests/summary";

export async function generateMetadata(): Promise<Metadata> {
  return { title: listMessages(await getLocale()).title };
}

const CREATE_PERMISSIONS: Record<ListTab, Permission[]> = {
  payin: ["payin.create", "p2p.create"],
  payout: ["payout.create"],
  withdrawal: ["withdrawal.create"],
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function RequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requirePermission(CONSOLE_SECTIONS.requests.permissions);
  // Before any rows are read: a change the stream hears after this may be missing from them (components/live/live-updates.tsx).
  const renderedAt = catchUpMark();
  const locale = await getLocale();
  const t = listMessages(locale);
  const { values, filters, errors } = parseListFilters(await searchParams);
  const choice = await selectedMerchant(session);
  // No merchant in the URL: the header switcher's choice. Tabs and page links keep the URL as it is
  // (so they go on following the switcher); the filter form and the export name the merchant,
  // so a shared filtered link and a downloaded file mean the same thing to everyone. A merchant
  // named in the URL is what the header then shows, until the person switches.
  const merchant = filters.merchant ?? choice.scope;
  const pinned = filters.merchant !== null && (merchant === "all" || choice.merchants.some((m) => m.id === merchant));
  const db = await getDb();
  const hasErrors = Object.keys(errors).length > 0;
  const resolved = { ...filters, merchant };
  const [page, summary, staff] = await Promise.all([
    hasErrors ? null : listRequests(db, session, resolved, { limit: filters.pageSize }),
    hasErrors ? null : summarizeRequests(db, session, resolved),
    listStaffNames(db, session),
  ]);
  const tab = filters.tab;
  const merchantName = merchant === "all" ? t.allMerchants : (choice.merchants.find((m) => m.id === merchant)?.displayName ?? merchant);

  return (
    <section className="space-y-3 sm:space-y-4">
      {pinned && <PageMerchant merchantId={merchant} note={t.merchantFromLink} leaveTo={listHref(values, { merchant: "", cursor: "" })} />}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold sm:text-2xl">{t.title}</h1>
        <p className="text-sm text-slate-600" data-testid="list-scope">
          {t.showing(merchantName)}
        </p>
      </div>
      <RequestTabs values={values} current={tab} locale={locale} />
      <FilterForm locale={locale} values={values} errors={errors} merchantValue={merchant} merchants={choice.merchants} staff={staff} />
      {!hasErrors && (
        <p className="text-sm">
          <a
            href={listHref(values, { merchant, cursor: "" }, "/api/exports/requests")}
            download
            className="font-medium text-brand-dark underline"
            data-testid="export-csv"
          >
            {t.export}
          </a>{" "}
          <span className="hidden text-slate-500 sm:inline">({t.exportHint})</span>
        </p>
      )}
      {hasErrors && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errors.cursor ? (
            <a href={listHref(values, { cursor: "" })} className="underline">
              {filterErrorMessages(locale).cursor(values.cursor)}
            </a>
          ) : (
            t.fixFilters
          )}
        </div>
      )}
      {page && summary && page.rows.length > 0 && (
        <>
          <LiveUpdates requestIds={page.rows.map((r) => r.id)} renderedAt={renderedAt} />
          <ListSummary summary={summary} values={values} locale={locale} />
          <RequestTable
            rows={page.rows}
            locale={locale}
            caption={t.tableCaption(tabLabel(tab, locale), sortLabel(filters.sort, locale))}
            showMerchant={merchant === "all"}
            values={values}
            sort={filters.sort}
          />
          <Pager values={values} page={page} summary={summary} locale={locale} />
        </>
      )}
      {page && page.rows.length === 0 && (
        <EmptyState
          kind={hasNarrowingFilters(values) || values.cursor ? "no-match" : "none-yet"}
          values={values}
          tab={tab}
          createHref={canAny(session.role, CREATE_PERMISSIONS[tab]) ? "/new" : null}
          locale={locale}
        />
      )}
    </section>
  );
}
