/**
 * "Save QR": a PNG of the payment QR with the amount and the merchant's name under it, for payers
 * who save the QR and open it from their banking app's gallery. Rendered by the server; the page's
 * script (browser/checkout.ts) fetches the drawing code (save-qr.ts) only when it is pressed, and
 * reads what to draw and its words from the button's data attributes.
 */
export function SaveQrButton({
  qrId,
  amountText,
  merchantName,
  fileName,
  labels,
}: {
  qrId: string;
  amountText: string;
  merchantName: string;
  fileName: string;
  labels: { saveQr: string; savingQr: string; savedQr: string; saveQrFailed: string };
}) {
  return (
    <span className="flex flex-col items-center gap-1">
      <button
        type="button"
        data-testid="save-qr"
        data-save-qr={qrId}
        data-amount={amountText}
        data-merchant={merchantName}
        data-file={fileName}
        data-saving={labels.savingQr}
        data-saved={labels.savedQr}
        data-failed={labels.saveQrFailed}
        className="rounded-lg bg-teal-700 px-5 py-3 text-base text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70"
      >
        {labels.saveQr}
      </button>
      <span role="status" aria-live="polite" className="text-base text-slate-700" />
    </span>
  );
}
