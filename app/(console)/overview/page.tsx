import type { Metadata } from "next";
import { BarChart, type BarGroup } from "@/components/console/overview/charts";
import { RateLine } from "@/components/console/overview/rate-line";
import { overviewMessages } from "@/components/console/overview/overview-messages";
import { LiveUpdates } from "@/components/live/live-updates";
import { catchUpMark } from "@/lib/live/bus";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { canAny } from "@/lib/auth/permissions";
import { selectedMerchant } from "@/lib/navigation/selected-merchant";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { formatDateTime, formatThb, intlTag } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import { overviewFigures, type Money, type Net } from "@/lib/overview/figures";
import { providerCallStats } from "@/lib/provider/call-stats";
import { getProviderStatus } from "@/lib/provider/status";
import { bangkokDay, parseRange } from "@/lib/overview/range";
import { listHref } from "@/lib/requests/list-filters";
import { storedPositions } from "@/lib/wallet/balance";
import { OverviewWallets } from "@/components/console/wallet/overview-wallets";
import { Figure } from "@/components/console/overview/figure";
import { RangePicker } from "@/components/console/overview/range-picker";

export const metadata: Metadata = { title: "Overview" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * How money is moving, at a glance: figures for the requests created in a range of Bangkok days
 * beside the period before, money in and out per hour or day, the Pay-In success rate and how long
 * payments took, and what waits now. Each figure and bar opens the request list with the same
 * filters. Read from hourly totals (lib/overview/figures.ts); follows the live stream, at most one
 * refresh a second however busy.
 */
export default async function OverviewPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requirePermission(CONSOLE_SECTIONS.overview.permissions);
  // Before any rows are read: a change the stream hears after this may be missing from them (components/live/live-updates.tsx).
  const renderedAt = catchUpMark();
  const locale = await getLocale();
  const t = overviewMessages(locale);
  const params = await searchParams;
  const { range, error } = parseRange({ range: first(params.range), from: first(params.from), to: first(params.to) });
  const choice = await selectedMerchant(session);
  const merchant = choice.scope;
  const merchantName = merchant === "all" ? t.allMerchants : (choice.merchants.find((m) => m.id === merchant)?.displayName ?? merchant);
  // The wallets PayDesk can read (a read key): each is read again by the browser when due, one provider call each.
  const walletMerchants = choice.merchants.filter((m) => m.hasReadKey && (merchant === "all" || m.id === merchant));
  const db = await getDb();
  const [{ current, previous, series, waiting }, provider, wallets] = await Promise.all([
    overviewFigures(db, session, merchant, range),
    getProviderStatus(),
    storedPositions(
      db,
      walletMerchants.map((m) => m.id),
    ),
  ]);
  const calls = providerCallStats.read();

  const list = (tab: string, extra: Record<string, string> = {}, period = range) =>
    listHref({ tab, from: period.fromDay, to: period.toDay, merchant: merchant === "all" ? "" : merchant, ...extra });
  const money = (m: Money) => `${formatThb(m.satang)} · ${t.requests(m.count)}`;
  const unknownFee = (n: Net) => (n.feeUnknownSatang > 0 ? formatThb(n.feeUnknownSatang) : null);
  const rate = (value: number | null) => (value === null ? t.none : t.pct(value));
  const seconds = (value: number | null) => (value === null ? t.none : t.seconds(value));
  const dayName = (at: Date) =>
    new Intl.DateTimeFormat(intlTag(locale), {
      timeZone: "Asia/Bangkok",
      day: "numeric",
      month: "short",
      year: "numeric",
    }).format(at);
  const bucketName = (at: Date) =>
    range.granularity === "hour" ? `${dayName(at)} ${String((at.getUTCHours() + 7) % 24).padStart(2, "0")}:00` : dayName(at);
  const bucketLabel = (at: Date) =>
    range.granularity === "hour" ? String((at.getUTCHours() + 7) % 24).padStart(2, "0") : bangkokDay(at).slice(8, 10);
  const bucketList = (at: Date) =>
    listHref({ tab: "payin", from: bangkokDay(at), to: bangkokDay(at), merchant: merchant === "all" ? "" : merchant });

  const groups: BarGroup[] = series.map((b) => ({
    label: bucketLabel(b.at),
    name: bucketName(b.at),
    href: bucketList(b.at),
    values: [b.moneyInSatang, b.moneyOutSatang],
  }));
  const busiest = series.reduce(
    (best, b) => (b.moneyInSatang + b.moneyOutSatang > best.moneyInSatang + best.moneyOutSatang ? b : best),
    series[0]!,
  );
  const lowest = series
    .filter((b) => b.successRate !== null)
    .reduce<number | null>((low, b) => (low === null ? b.successRate : Math.min(low, b.successRate!)), null);
  const totalOut = current.payOut.succeeded.satang + current.withdrawal.succeeded.satang;

  return (
    <section className="space-y-6" data-testid="overview">
      <LiveUpdates coalesceMs={1_000} renderedAt={renderedAt} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold sm:text-2xl">{t.title}</h1>
        <p className="text-sm text-slate-600" data-testid="overview-scope">
          {t.showing(merchantName)}
        </p>
      </div>
      <p className="max-w-3xl text-slate-700">{t.intro}</p>
      {walletMerchants.length > 0 && (
        <OverviewWallets
          locale={locale}
          merchants={walletMerchants.map((m, i) => ({ id: m.id, name: m.displayName, position: wallets[i]! }))}
        />
      )}

      <RangePicker
        t={t}
        locale={locale}
        current={error ? null : range.key}
        error={error}
        fromDay={first(params.from) ?? range.fromDay}
        toDay={first(params.to) ?? range.toDay}
      />

      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          testId="figure-payin-paid"
          label={t.payInPaid}
          value={money(current.payIn.paid)}
          net={t.netIn(formatThb(current.payIn.net.netSatang), formatThb(current.payIn.net.feeSatang), unknownFee(current.payIn.net))}
          before={t.previously(money(previous.payIn.paid))}
          href={list("payin", { status: "paid" })}
          linkText={t.openList}
        />
        <Figure
          testId="figure-success-rate"
          label={t.successRate}
          value={rate(current.payIn.successRate)}
          note={t.successRateHint}
          before={t.previously(rate(previous.payIn.successRate))}
          href={list("payin", { status: "failed" })}
          linkText={t.openList}
        />
        <Figure
          testId="figure-time-to-pay"
          label={t.timeToPay}
          value={`${t.median} ${seconds(current.timeToPay.median)} · ${t.p90} ${seconds(current.timeToPay.p90)}`}
          before={t.previously(`${seconds(previous.timeToPay.median)} · ${seconds(previous.timeToPay.p90)}`)}
          href={list("payin", { status: "paid" })}
          linkText={t.openList}
        />
        <Figure
          testId="figure-p2p"
          label={t.p2p}
          value={`${current.p2p.matched} / ${current.p2p.unmatched}`}
          before={t.previously(`${previous.p2p.matched} / ${previous.p2p.unmatched}`)}
          href={list("payin")}
          linkText={t.openList}
        />
        <Figure
          testId="figure-payout"
          label={t.payOut}
          value={money(current.payOut.succeeded)}
          net={t.netOut(formatThb(current.payOut.net.netSatang), formatThb(current.payOut.net.feeSatang), unknownFee(current.payOut.net))}
          note={`${t.openOut(current.payOut.open.count, formatThb(current.payOut.open.satang))} · ${t.failedOut(current.payOut.failed.count, formatThb(current.payOut.failed.satang))}`}
          before={t.previously(money(previous.payOut.succeeded))}
          href={list("payout")}
          linkText={t.openList}
        />
        <Figure
          testId="figure-withdrawal"
          label={t.withdrawal}
          value={money(current.withdrawal.succeeded)}
          net={t.netOut(
            formatThb(current.withdrawal.net.netSatang),
            formatThb(current.withdrawal.net.feeSatang),
            unknownFee(current.withdrawal.net),
          )}
          note={`${t.openOut(current.withdrawal.open.count, formatThb(current.withdrawal.open.satang))} · ${t.failedOut(current.withdrawal.failed.count, formatThb(current.withdrawal.failed.satang))}`}
          before={t.previously(money(previous.withdrawal.succeeded))}
          href={list("withdrawal")}
          linkText={t.openList}
        />
        <Figure
          testId="figure-awaiting-approval"
          label={t.awaitingApproval}
          value={money(waiting.awaitingApproval)}
          note={waiting.awaitingApproval.oldest ? t.oldest(formatDateTime(waiting.awaitingApproval.oldest, locale)) : undefined}
          href="/approvals"
          linkText={t.openList}
        />
        <Figure
          testId="figure-reconciling"
          label={t.reconciling}
          value={t.requests(waiting.reconciling.count)}
          note={[
            waiting.reconciling.oldest ? t.oldest(formatDateTime(waiting.reconciling.oldest, locale)) : null,
            waiting.needsReview > 0 ? t.needsReview(waiting.needsReview) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
          href={listHref({ tab: "payin", status: "open", merchant: merchant === "all" ? "" : merchant })}
          linkText={t.openList}
        />
        <Figure
          testId="figure-webhooks"
          label={t.webhooksUnmatched}
          value={String(current.webhooksUnmatched)}
          before={t.previously(String(previous.webhooksUnmatched))}
          href="/webhooks"
          linkText={t.openList}
        />
        <Figure
          testId="figure-outbound"
          label={t.outbound}
          value={String(current.outbound.failed)}
          note={t.outboundNote(current.outbound.failed, current.outbound.retrying, waiting.endpointsFailing)}
          before={t.previously(String(previous.outbound.failed))}
          href={canAny(session.role, CONSOLE_SECTIONS.settings.permissions) ? "/settings/webhooks/log?status=failed" : undefined}
          linkText={t.openList}
        />
        <Figure
          testId="figure-provider"
          label={t.provider}
          value={t.providerState(provider.state)}
          note={calls.errorRate === null ? t.providerNoCalls : t.providerErrors(t.pct(calls.errorRate), calls.calls)}
          href="/"
          linkText={t.openList}
        />
      </dl>

      <BarChart
        testId="money-chart"
        title={t.moneyChart}
        summary={
          current.payIn.paid.satang + totalOut === 0
            ? t.noData
            : t.moneyChartSummary(formatThb(current.payIn.paid.satang), formatThb(totalOut), bucketName(busiest.at))
        }
        tableTitle={t.dataTable}
        whenHeader={t.when}
        series={[
          { name: t.moneyIn, format: (v) => formatThb(v) },
          { name: t.moneyOut, format: (v) => formatThb(v) },
        ]}
        groups={groups}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <RateLine
          testId="success-chart"
          title={t.successChart}
          summary={t.successChartSummary(rate(current.payIn.successRate), rate(lowest))}
          tableTitle={t.dataTable}
          whenHeader={t.when}
          valueHeader={t.successRate}
          points={series.map((b) => ({ label: bucketLabel(b.at), name: bucketName(b.at), value: b.successRate }))}
          format={(v) => t.pct(v)}
        />
        <BarChart
          testId="pay-times-chart"
          title={t.payTimesChart}
          summary={
            current.timeToPay.count === 0 ? t.noData : t.payTimesSummary(seconds(current.timeToPay.median), seconds(current.timeToPay.p90))
          }
          tableTitle={t.dataTable}
          whenHeader={t.within}
          series={[{ name: t.count, format: (v) => String(v) }]}
          groups={current.timeToPay.distribution.map((bin, i, all) => {
            const name = bin.upToSeconds === null ? `> ${t.seconds(all[i - 1]!.upToSeconds!)}` : `≤ ${t.seconds(bin.upToSeconds)}`;
            return { label: name, name, href: list("payin", { status: "paid" }), values: [bin.count] };
          })}
        />
      </div>
    </section>
  );
}
