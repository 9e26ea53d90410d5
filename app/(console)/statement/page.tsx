import type { Metadata } from "next";
import { DateInput } from "@/components/ui/date-input";
import Link from "next/link";
import { RunStatementButton } from "@/components/console/statement/run-statement-button";
import { statementMessages } from "@/components/console/statement/statement-messages";
import { primaryButtonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { selectedMerchant } from "@/lib/navigation/selected-merchant";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { formatDateTime, formatThb } from "@/lib/i18n";
import { getLocale } from "@/lib/i18n/server";
import type { Satang } from "@/lib/money";
import { findingTitle, findingWords } from "@/lib/wallet/finding-words";
import { lastClosedDay, movementsOf, parseDay, statementOf } from "@/lib/wallet/statement-view";
import { runStatementAction } from "./actions";

export const metadata: Metadata = { title: "Statement" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const thb = (satang: Satang | null) => (satang === null ? "—" : satang < 0 ? `−${formatThb(-satang)}` : formatThb(satang));
const SHOWN = 500;

/**
 * The merchant's wallet statement for one Bangkok day (lib/wallet/statement.ts): the figures,
 * what does not reconcile in words, and every movement with the request it was matched to.
 * Finance and admin; the merchant is the switcher's (or `?merchant=`), the day `?day=` (the last
 * closed day unless said).
 */
export default async function StatementPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requirePermission(CONSOLE_SECTIONS.statement.permissions);
  const locale = await getLocale();
  const t = statementMessages(locale);
  const params = await searchParams;
  const choice = await selectedMerchant(session);
  const asked = first(params.merchant);
  const merchant = choice.merchants.find((m) => m.id === (asked ?? (choice.scope === "all" ? undefined : choice.scope)));
  const dayText = first(params.day);
  const day = parseDay(dayText) ?? lastClosedDay();
  const badDay = dayText !== undefined && dayText !== "" && parseDay(dayText) === null;

  if (!merchant) {
    return (
      <section className="space-y-4">
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
        <p>{t.chooseMerchant}</p>
        <ul className="list-disc space-y-1 pl-6" data-testid="statement-merchants">
          {choice.merchants.map((m) => (
            <li key={m.id}>
              <Link href={`/statement?merchant=${encodeURIComponent(m.id)}&day=${day}`} className="text-brand-dark underline">
                {m.displayName}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const db = await getDb();
  const [statement, movements] = await Promise.all([
    statementOf(db, merchant.id, day),
    movementsOf(db, merchant.id, day, { limit: SHOWN }),
  ]);
  const csv = `/api/exports/statement?merchant=${encodeURIComponent(merchant.id)}&day=${day}`;
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">
          {t.title}: {merchant.displayName}
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">{t.intro}</p>
      </div>
      <form method="get" action="/statement" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="merchant" value={merchant.id} />
        <div>
          <label htmlFor="statement-day" className="block text-sm font-medium text-slate-800">
            {t.day}
          </label>
          <DateInput
            id="statement-day"
            name="day"
            locale={locale}
            defaultValue={day}
            className={inputClass}
            aria-invalid={badDay || undefined}
            aria-describedby={badDay ? "statement-day-error" : undefined}
          />
        </div>
        <button type="submit" className={primaryButtonClass}>
          {t.show}
        </button>
        {badDay && (
          <p id="statement-day-error" role="alert" className="text-sm text-red-700">
            {t.badDay}
          </p>
        )}
      </form>
      {!merchant.hasReadKey && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="statement-no-read-key">
          {t.noReadKey}
        </p>
      )}
      {merchant.hasReadKey && <RunStatementButton merchantId={merchant.id} day={day} action={runStatementAction} locale={locale} />}

      {!statement ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-slate-700" data-testid="statement-not-yet">
          {t.notYet}
        </p>
      ) : (
        <>
          <p data-testid="statement-status" className="font-medium">
            {statement.status === "running"
              ? t.inProgress
              : statement.status === "failed"
                ? t.failed(statement.failure ?? "")
                : statement.findings.length === 0
                  ? t.reconciled
                  : t.withFindings(statement.findings.length)}
            {statement.computedAt && (
              <span className="ml-2 text-sm font-normal text-slate-600">
                {t.computedAt(formatDateTime(statement.computedAt, locale), statement.readCalls)}
              </span>
            )}
          </p>
          <dl className="grid max-w-3xl grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3" data-testid="statement-figures">
            {(
              [
                [t.opening, thb(statement.openingSatang), "opening"],
                [t.credits, thb(statement.creditsSatang), "credits"],
                [t.debits, thb(statement.debitsSatang), "debits"],
                [t.fees, thb(statement.feesSatang), "fees"],
                [t.closing, thb(statement.closingSatang), "closing"],
                [t.movements, String(statement.movements), "movements"],
              ] as const
            ).map(([label, value, id]) => (
              <div key={id}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-semibold tabular-nums" data-testid={`statement-${id}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {statement.findings.length > 0 && (
            <section aria-labelledby="findings-title" className="rounded-md border border-amber-300 bg-amber-50 p-4">
              <h2 id="findings-title" className="font-semibold text-amber-950">
                {t.findings}
              </h2>
              <ul className="mt-2 space-y-2 text-sm text-amber-950" data-testid="statement-findings">
                {statement.findings.map((f, i) => (
                  <li key={i} data-kind={f.kind}>
                    <span className="font-medium">{findingTitle(f.kind, locale)}:</span> {findingWords(f, locale)}
                    {"requestId" in f && (
                      <>
                        {" "}
                        <Link href={`/requests/${f.requestId}`} className="underline">
                          {f.refId1}
                        </Link>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}

      <div className="space-y-2">
        <div className="flex flex-wrap items-baseline gap-3">
          <h2 id="movements-title" className="text-lg font-semibold">
            {t.movementsTitle}
          </h2>
          <a href={csv} className="text-sm text-brand-dark underline" data-testid="statement-export">
            {t.exportCsv}
          </a>
        </div>
        {movements.length === 0 ? (
          <p className="text-slate-700">{t.noMovements}</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="movements-title">
            <table className="min-w-full text-left text-sm" data-testid="statement-movements">
              <thead className="border-b border-slate-300 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t.time}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t.direction}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t.amount}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t.balanceAfter}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t.request}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t.description}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {movements.map((m) => (
                  <tr key={m.id}>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(m.at, locale)}</td>
                    <td className="py-2 pr-4">{m.direction === "credit" ? t.credit : t.debit}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">
                      {thb(m.direction === "credit" ? m.amountSatang : -m.amountSatang)}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums">{thb(m.balanceAfterSatang)}</td>
                    <td className="py-2 pr-4">
                      {m.requestId ? (
                        <Link href={`/requests/${m.requestId}`} className="text-brand-dark underline">
                          {m.refId1}
                        </Link>
                      ) : (
                        <span className="text-slate-600">{t.noRequest}</span>
                      )}
                    </td>
                    <td className="py-2 pr-4 break-all text-slate-700">{m.description ?? m.tags ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {statement && statement.movements > movements.length && (
              <p className="mt-2 text-sm text-slate-600">{t.firstOnly(movements.length, statement.movements)}</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
