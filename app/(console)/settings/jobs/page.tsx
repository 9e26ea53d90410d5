import type { Metadata } from "next";
import { jobsMessages } from "@/components/console/settings/jobs/jobs-messages";
import { LoopsTable, QueuesTable } from "@/components/console/settings/jobs/jobs-tables";
import { SettingsNav } from "@/components/console/settings/settings-nav";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { formatDateTime } from "@/lib/i18n/date-time";
import { getLocale } from "@/lib/i18n/server";
import { loopStats } from "@/lib/jobs/loop";
import { whatWaits } from "@/lib/jobs/waiting";

export const metadata: Metadata = { title: "Background work" };

/**
 * What the background loops have waiting (read from the database, so every instance shows the same)
 * and how this instance's loops are doing (docs/DESIGN.md §6.8). The same figures as /api/metrics.
 */
export default async function JobsPage() {
  const session = await requirePermission("merchant.manage");
  const [locale, db] = await Promise.all([getLocale(), getDb()]);
  const t = jobsMessages(locale);
  // The queues hold every merchant's work: only someone who sees every merchant reads their figures.
  const seesAll = session.merchantIds === null;
  const queues = seesAll ? await whatWaits(db) : null;
  const now = new Date();
  return (
    <>
      <SettingsNav session={session} locale={locale} current="jobs" />
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t.intro}</p>
      {queues ? (
        <>
          <QueuesTable queues={queues} t={t} />
          <p className="mt-2 text-xs text-slate-600">{t.asOf(formatDateTime(now, locale, { seconds: true }))}</p>
        </>
      ) : (
        <p
          className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="needs-all-merchants"
        >
          {t.needsAllMerchants}
        </p>
      )}
      <h2 className="mt-8 text-lg font-semibold">{t.loopsTitle}</h2>
      <p className="mt-1 text-sm text-slate-700">{t.loopsIntro}</p>
      <LoopsTable loops={loopStats()} t={t} now={now.getTime()} />
    </>
  );
}
