import type { Metadata } from "next";
import Link from "next/link";
import { BulkUploadForm } from "@/components/console/bulk/upload-form";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { selectedMerchant } from "@/lib/navigation/selected-merchant";
import { requirePermission } from "@/lib/auth/current-session";
import { listBatches } from "@/lib/bulk/batches";
import { bulkMessages, statusLabel } from "@/lib/bulk/messages";
import { getDb } from "@/lib/db";
import { formatThb } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";
import { getLocale } from "@/lib/i18n/server";
import { uploadBulkAction } from "./actions";

export const metadata: Metadata = { title: "Bulk Pay-Outs" };

/** Bulk Pay-Outs: upload a file to check it, and the files uploaded lately (lib/bulk). */
export default async function BulkPayoutsPage() {
  const session = await requirePermission(CONSOLE_SECTIONS.bulk.permissions);
  const [locale, db] = await Promise.all([getLocale(session), getDb()]);
  const t = bulkMessages(locale);
  // The header's merchant, when one is chosen: the form starts on it and the list shows its files.
  const choice = await selectedMerchant(session);
  const batches = await listBatches(db, choice.selected ? { merchantIds: [choice.selected.id] } : session);
  return (
    <section>
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t.intro}</p>
      <p className="mt-2">
        <a href="/api/bulk-payouts/template" className="text-sm text-brand-dark underline" download>
          {t.template}
        </a>
      </p>
      <BulkUploadForm
        merchants={choice.merchants.map((m) => ({ id: m.id, displayName: m.displayName }))}
        selectedId={choice.selected?.id ?? null}
        locale={locale}
        action={uploadBulkAction}
      />
      <h2 className="mt-10 text-lg font-semibold">{t.recent}</h2>
      {batches.length === 0 ? (
        <p className="mt-2 text-slate-600">{t.noneYet}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="bulk-batches">
            <thead className="border-b border-slate-300 text-slate-600">
              <tr>
                <th className="py-2 pr-4 font-medium">{t.file}</th>
                <th className="py-2 pr-4 font-medium max-sm:hidden">{t.merchant}</th>
                <th className="py-2 pr-4 font-medium max-sm:hidden">{t.lines}</th>
                <th className="py-2 pr-4 font-medium">{t.total}</th>
                <th className="py-2 pr-4 font-medium">{t.status}</th>
                <th className="py-2 pr-4 font-medium max-sm:hidden">{t.uploadedBy}</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => (
                <tr key={b.id} className="border-b border-slate-200">
                  <td className="py-2 pr-4">
                    <Link href={`/payouts/bulk/${b.id}`} className="break-all text-brand-dark underline">
                      {b.fileName}
                    </Link>
                    {/* On a phone the columns it drops are said here, under the file's name. */}
                    <span className="block text-xs text-slate-600 sm:hidden">
                      {b.merchantName} · {t.lines} {b.rowCount} · {b.creatorName ?? b.createdBy} · {formatDateTime(b.createdAt, locale)}
                    </span>
                  </td>
                  <td className="py-2 pr-4 max-sm:hidden">{b.merchantName}</td>
                  <td className="py-2 pr-4 tabular-nums max-sm:hidden">{b.rowCount}</td>
                  <td className="py-2 pr-4 tabular-nums">{formatThb(b.totalSatang)}</td>
                  <td className="py-2 pr-4">
                    {statusLabel(t, b.status)}
                    {b.status === "confirmed" ? ` · ${t.progress(b.madeCount, b.validCount)}` : ""}
                  </td>
                  <td className="py-2 pr-4 max-sm:hidden">
                    {b.creatorName ?? b.createdBy} · {formatDateTime(b.createdAt, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
