import type { Metadata } from "next";
import Link from "next/link";
import { DeliveryTable } from "@/components/console/webhooks/delivery-table";
import { RefusalsPanel } from "@/components/console/webhooks/refusals-panel";
import { LiveUpdates } from "@/components/live/live-updates";
import { catchUpMark } from "@/lib/live/bus";
import { VERDICT_LABELS, webhookMessages } from "@/components/console/webhooks/messages";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { listMerchantsVisibleTo } from "@/lib/merchants/queries";
import { EVENTS } from "@/lib/provider-webhooks/parse";
import { parseDeliveryFilters, type Search } from "@/lib/provider-webhooks/filters";
import { listDeliveries, VERDICTS } from "@/lib/provider-webhooks/queries";
import { summarizeRefusals } from "@/lib/provider-webhooks/refusals";
import { compactButtonClass } from "@/components/ui/button";

export const metadata: Metadata = { title: "Provider webhooks" };

const one = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Search> }) {
  const session = await requirePermission(CONSOLE_SECTIONS.webhooks.permissions);
  // Before any rows are read: a change the stream hears after this may be missing from them (components/live/live-updates.tsx).
  const renderedAt = catchUpMark();
  const [locale, db, params] = await Promise.all([getLocale(), getDb(), searchParams]);
  const t = webhookMessages(locale);
  const verdictLabels = VERDICT_LABELS(locale) as Record<string, string>;
  const { filters, problems } = parseDeliveryFilters(params);
  // Refusals name no merchant PayDesk could trust: shown, like unattributed deliveries, only to people who see every merchant.
  const seesAll = session.merchantIds === null;
  const [{ rows, nextBefore }, merchants, refusals] = await Promise.all([
    listDeliveries(db, session, filters),
    listMerchantsVisibleTo(db, session),
    seesAll ? summarizeRefusals(db) : null,
  ]);
  const filtered = Object.entries(params).some(([k, v]) => k !== "before" && one(v));
  const next = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (one(v) && k !== "before" ? [[k, one(v)!]] : [])));
  if (nextBefore) next.set("before", String(nextBefore));
  const field = "mt-1 block rounded border border-slate-300 bg-white px-2 py-1 text-sm";

  return (
    <section>
      {/* A webhook that changes a request announces it; the log then shows the new delivery. */}
      <LiveUpdates renderedAt={renderedAt} />
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{t.intro}</p>
      {refusals ? <RefusalsPanel summary={refusals} locale={locale} /> : null}
      <form method="get" className="mt-6 flex flex-wrap items-end gap-4" aria-label={t.filter}>
        <label className="text-sm">
          {t.verdict}
          <select name="verdict" defaultValue={filters.verdict ?? ""} className={field}>
            <option value="">{t.any}</option>
            {VERDICTS.map((v) => (
              <option key={v} value={v}>
                {verdictLabels[v]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t.event}
          <select name="event" defaultValue={filters.event ?? ""} className={field}>
            <option value="">{t.any}</option>
            {EVENTS.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t.merchant}
          <select name="merchant" defaultValue={filters.merchantId ?? ""} className={field}>
            <option value="">{t.any}</option>
            {merchants.map((m) => (
              <option key={m.id} value={m.id}>
                {m.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t.from}
          <input type="date" name="from" defaultValue={one(params.from) ?? ""} className={field} />
        </label>
        <label className="text-sm">
          {t.to}
          <input type="date" name="to" defaultValue={one(params.to) ?? ""} className={field} />
        </label>
        <button type="submit" className={compactButtonClass}>
          {t.filter}
        </button>
        {filtered ? (
          <Link href="/webhooks" className="text-sm text-brand-dark underline">
            {t.clear}
          </Link>
        ) : null}
      </form>
      {problems.length > 0 ? (
        <p
          role="status"
          className="mt-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="filter-problems"
        >
          {t.badFilters} {problems.map((p) => (p === "before" ? t.older : t[p])).join(", ")}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-8 text-slate-600" data-testid="webhooks-empty">
          {filtered ? t.none : t.noneYet}
        </p>
      ) : (
        <DeliveryTable rows={rows} locale={locale} />
      )}
      {nextBefore ? (
        <Link href={`/webhooks?${next.toString()}`} className="mt-4 inline-block text-sm text-brand-dark underline">
          {t.older}
        </Link>
      ) : null}
    </section>
  );
}
