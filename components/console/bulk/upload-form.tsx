"use client";

import { startTransition, useActionState, useState } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import { MAX_FILE_BYTES } from "@/lib/bulk/limits";
import { bulkMessages } from "@/lib/bulk/messages";
import type { Locale } from "@/lib/i18n";
import { primaryButtonClass } from "@/components/ui/button";
import { fieldA11y, inputClass } from "@/components/ui/field";

interface Props {
  merchants: { id: string; displayName: string }[];
  /** The header's merchant; with none chosen the person must pick one (money leaves from it). */
  selectedId: string | null;
  locale: Locale;
  action: ServerAction<{ batchId: string }>;
}

/** Choose a merchant and a file; the server checks it and opens the file's page (nothing is sent yet). */
export function BulkUploadForm({ merchants, selectedId, locale, action }: Props) {
  const t = bulkMessages(locale);
  const [state, upload, isUploading] = useActionState<ActionResult<{ batchId: string }> | null, FormData>(
    (previous, formData) => action(previous, formData),
    null,
  );
  // A file over the limit is refused here, in words, before its bytes are sent (the server says the same).
  const [isTooLarge, setTooLarge] = useState(false);
  const failed = state && !state.ok && !isTooLarge ? state : null;
  const words = (key: string | undefined) => (key === "fileMissing" ? t.fileMissing : key === "merchantMissing" ? t.merchantMissing : key);
  const fileError = isTooLarge ? t.fileTooLarge(MAX_FILE_BYTES) : words(failed?.fieldErrors.file?.[0]);
  const merchantError = words(failed?.fieldErrors.merchantId?.[0]);
  return (
    <form
      action={upload}
      // Sent by hand with JavaScript on: a form action resets the form's fields when it returns, and
      // after a refused file the merchant chosen must stay chosen (not quietly become the first one).
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const file = data.get("file");
        const tooLarge = file instanceof File && file.size > MAX_FILE_BYTES;
        setTooLarge(tooLarge);
        if (!tooLarge) startTransition(() => upload(data));
      }}
      className="mt-6 max-w-xl space-y-4"
      data-testid="bulk-upload"
    >
      <div>
        <label htmlFor="bulk-merchant" className="block text-sm font-medium">
          {t.payingMerchant}
        </label>
        <select
          name="merchantId"
          defaultValue={selectedId ?? ""}
          className={inputClass}
          {...fieldA11y("bulk-merchant", false, merchantError)}
        >
          {!selectedId && (
            <option value="" disabled>
              {t.chooseMerchant}
            </option>
          )}
          {merchants.map((m) => (
            <option key={m.id} value={m.id}>
              {m.displayName}
            </option>
          ))}
        </select>
        {merchantError && (
          <p id="bulk-merchant-error" className="mt-1 text-sm text-red-700">
            {merchantError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="bulk-file" className="block text-sm font-medium">
          {t.file}
        </label>
        <input
          name="file"
          type="file"
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="mt-1 block text-sm"
          {...fieldA11y("bulk-file", true, fileError)}
        />
        <p id="bulk-file-hint" className="mt-1 text-sm text-slate-600">
          {t.columnsHelp}
        </p>
        {fileError && (
          <p id="bulk-file-error" className="mt-1 text-sm text-red-700" data-testid="bulk-file-error">
            {fileError}
          </p>
        )}
      </div>
      {failed && !fileError && !merchantError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failed.message}
        </p>
      )}
      <button type="submit" className={primaryButtonClass} disabled={isUploading}>
        {t.check}
      </button>
    </form>
  );
}
