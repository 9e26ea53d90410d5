import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BatchControls } from "@/components/console/bulk/batch-controls";
import { BulkWallet } from "@/components/console/wallet/bulk-wallet";
import { DuplicatesNotice } from "@/components/console/bulk/duplicates-notice";
import { stateLabels } from "@/components/console/requests/status-messages";
import { LiveUpdates } from "@/components/live/live-updates";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { requirePermission } from "@/lib/auth/current-session";
import { bankName, BANKS } from "@/lib/banks";
import { getBatch, type BatchLine } from "@/lib/bulk/batches";
import { approvalSplit } from "@/lib/bulk/approval-split";
import { findDuplicates } from "@/lib/bulk/duplicates";
import { bulkMessages, lineProblemText, statusLabel } from "@/lib/bulk/messages";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { formatThb, type Locale } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";
import { getLocale } from "@/lib/i18n/server";
import { catchUpMark } from "@/lib/live/bus";
import { merchantRules } from "@/lib/requests/form-context";
import type { State } from "@/lib/requests/lifecycle";
import { cancelBulkAction, confirmBulkAction } from "../actions";

export const metadata: Metadata = { title: "Bulk Pay-Out file" };

function destinationText(line: BatchLine, locale: Locale): string {
  const d = line.destination;
  if (!d) {
    const c = line.cells;
    return [c.bank_code, c.account_no, c.account_name, c.promptpay_id].filter((v) => v && v.trim() !== "").join(" · ");
  }
  if (d.type === "promptpay") return `PromptPay ${d.promptPayId}`;
  if (d.type === "bank") {
    const bank = BANKS.find((b) => b.code === d.bankCode);
    return `${bank ? bankName(bank, locale) : d.bankCode} ${d.accountNo} · ${d.accountName}`;
  }
  return d.accountId;
}

/** One bulk Pay-Out file: its lines as checked, then as they become requests (lib/bulk). */
export default async function BulkBatchPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requirePermission(CONSOLE_SECTIONS.bulk.permissions);
  const renderedAt = catchUpMark();
  const [locale, db, { id }] = await Promise.all([getLocale(session), getDb(), params]);
  const t = bulkMessages(locale);
  const found = await getBatch(db, session, id);
  if (!found) notFound();
  const { batch, lines } = found;
  const states = stateLabels(locale);
  const bad = batch.rowCount - batch.validCount;
  // Shown while it can still be confirmed; confirming checks them again (lib/bulk/batches.ts).
  const duplicates = batch.status === "draft" ? await findDuplicates(db, batch.id, { days: env().BULK_DUPLICATE_DAYS }) : null;
  // Before confirming: which lines go out at once and which wait for a second person, by the rule each line's create applies.
  const rules = batch.status === "draft" && bad === 0 ? await merchantRules(db, session, batch.merchantId) : undefined;
  const split = rules ? approvalSplit(lines, rules) : null;
  const willWait = new Set(split?.held.lines ?? []);
  const outcomeText = (line: BatchLine) =>
    line.outcome === "sent"
      ? t.outcomeSent
      : line.outcome === "held"
        ? t.outcomeHeld
        : line.outcome === "existing"
          ? t.outcomeExisting
          : line.outcome === "refused"
            ? t.outcomeRefused
            : line.lastError
              ? t.retrying
              : t.waiting;
  return (
    <section>
      {/* Each line made is a request created: the page follows them as they come. */}
      {batch.status === "confirmed" && <LiveUpdates renderedAt={renderedAt} coalesceMs={500} />}
      <p>
        <Link href="/payouts/bulk" className="text-sm text-brand-dark underline">
          {t.back}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold break-all">{batch.fileName}</h1>
      <p className="mt-1 text-slate-700">
        {batch.merchantName} · {batch.creatorName ?? batch.createdBy} · {formatDateTime(batch.createdAt, locale)}
      </p>
      <p className="mt-3 font-medium" data-testid="bulk-summary">
        {t.summary(batch.rowCount, batch.validCount, formatThb(batch.totalSatang))}
      </p>
      <p className="mt-1" data-testid="bulk-status">
        {statusLabel(t, batch.status)}
        {batch.status === "confirmed" || batch.status === "done" ? ` · ${t.progress(batch.madeCount, batch.validCount)}` : ""}
      </p>
      {batch.sameFileBefore && (
        <p
          role="note"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="bulk-same-file"
        >
          {t.sameFile(formatDateTime(batch.sameFileBefore, locale))}
        </p>
      )}
      {duplicates && duplicates.count > 0 && (
        <DuplicatesNotice lines={duplicates.lines} totalSatang={duplicates.totalSatang} locale={locale} />
      )}
      {batch.status === "draft" && bad > 0 && (
        <p
          role="alert"
          className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          data-testid="bulk-fix-first"
        >
          {t.fixFirst(bad)}
        </p>
      )}
      {batch.status === "canceled" && <p className="mt-3 text-slate-700">{t.canceled}</p>}
      {batch.status === "draft" && bad === 0 && batch.validCount > 0 && (
        <BulkWallet
          merchantId={batch.merchantId}
          amounts={lines.flatMap((line) => (line.amountSatang === null ? [] : [line.amountSatang]))}
          locale={locale}
        />
      )}
      {split && split.now.count + split.held.count > 0 && (
        <div className="mt-3 space-y-1 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm" data-testid="bulk-approval-split">
          {split.now.count > 0 && <p data-testid="bulk-split-now">{t.splitNow(split.now.count, formatThb(split.now.totalSatang))}</p>}
          {split.held.count > 0 && split.thresholdSatang !== null && (
            <p data-testid="bulk-split-held" className="font-medium text-amber-900">
              {t.splitHeld(
                split.held.count,
                formatThb(split.held.totalSatang),
                formatThb(split.thresholdSatang),
                split.held.lines.join(", "),
              )}
            </p>
          )}
        </div>
      )}
      {batch.status === "draft" && (
        <BatchControls
          merchantId={batch.merchantId}
          batchId={batch.id}
          confirmLabel={t.confirm(batch.validCount, formatThb(batch.totalSatang))}
          canConfirm={bad === 0 && batch.rowCount > 0}
          duplicates={
            duplicates && duplicates.count > 0
              ? {
                  count: duplicates.count,
                  totalSatang: duplicates.totalSatang,
                  label: t.duplicatesAcknowledge(duplicates.count, formatThb(duplicates.totalSatang)),
                }
              : null
          }
          locale={locale}
          confirmAction={confirmBulkAction}
          cancelAction={cancelBulkAction}
        />
      )}
      <p className="mt-6">
        <a href={`/api/bulk-payouts/${batch.id}/results`} className="text-sm text-brand-dark underline" download>
          {t.results}
        </a>
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="min-w-full text-left text-sm" data-testid="bulk-lines">
          <thead className="border-b border-slate-300 text-slate-600">
            <tr>
              <th className="py-2 pr-4 font-medium">{t.line}</th>
              <th className="py-2 pr-4 font-medium">{t.refId1}</th>
              <th className="py-2 pr-4 font-medium">{t.destination}</th>
              <th className="py-2 pr-4 text-right font-medium">{t.amount}</th>
              <th className="py-2 pr-4 font-medium">{batch.status === "draft" ? t.problems : t.result}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const problems = Object.values(line.problems).flat();
              return (
                <tr key={line.line} className="border-b border-slate-200 align-top" data-testid="bulk-line">
                  <td className="py-2 pr-4 tabular-nums">{line.line}</td>
                  <td className="py-2 pr-4 font-mono">{line.refId1 ?? ""}</td>
                  <td className="py-2 pr-4">
                    {destinationText(line, locale)}
                    {line.cells.refund_of?.trim() && (
                      <span className="block text-xs text-slate-600" data-testid="bulk-refund-of">
                        {t.refundOf(line.cells.refund_of.trim())}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {line.amountSatang === null ? (line.cells.amount ?? "") : formatThb(line.amountSatang)}
                  </td>
                  <td className="py-2 pr-4">
                    {problems.length > 0 && (
                      <ul className="text-red-800">
                        {problems.map((p) => (
                          <li key={p}>{lineProblemText(locale, p)}</li>
                        ))}
                      </ul>
                    )}
                    {batch.status === "draft" && willWait.has(line.line) && (
                      <span className="text-amber-900" data-testid="bulk-line-will-wait">
                        {t.lineWillWait}
                      </span>
                    )}
                    {batch.status !== "draft" && batch.status !== "canceled" && problems.length === 0 && (
                      <span>
                        {outcomeText(line)}
                        {line.requestId && (
                          <>
                            {" · "}
                            <Link href={`/requests/${line.requestId}`} className="text-brand-dark underline">
                              {line.requestState ? states[line.requestState as State] : line.requestId}
                            </Link>
                          </>
                        )}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
