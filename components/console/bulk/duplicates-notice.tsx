import type { DuplicateLine } from "@/lib/bulk/duplicates";
import { bulkMessages } from "@/lib/bulk/messages";
import { formatThb, type Locale } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/date-time";

/**
 * The lines of a draft that pay a recipient the same amount again (lib/bulk/duplicates.ts), each
 * with the line it repeats; confirming needs the acknowledgement beside the confirm button.
 */
export function DuplicatesNotice({ lines, totalSatang, locale }: { lines: DuplicateLine[]; totalSatang: number; locale: Locale }) {
  const t = bulkMessages(locale);
  return (
    <div
      role="alert"
      className="mt-3 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      data-testid="bulk-duplicates"
    >
      <p className="font-semibold">{t.duplicatesTitle(lines.length, formatThb(totalSatang))}</p>
      <p className="mt-1">{t.duplicatesBody}</p>
      <ul className="mt-2 list-disc pl-5">
        {lines.map((l) => (
          <li key={l.line} data-testid="bulk-duplicate-line">
            {`${l.line}: ${formatThb(l.amountSatang)} — `}
            {l.sameAs.kind === "this_file"
              ? t.duplicateOfLine(l.sameAs.line)
              : t.duplicateOfFile(l.sameAs.fileName, l.sameAs.line, formatDateTime(l.sameAs.at, locale))}
          </li>
        ))}
      </ul>
    </div>
  );
}
