"use client";

import { useState } from "react";

/**
 * "Save QR": a PNG of the payment QR with the amount and the merchant's name under it, for payers
 * who save the QR and open it from their banking app's gallery. The drawing code is fetched only
 * when the button is pressed, so it costs the page nothing until then.
 */
export function SaveQrButton({ qrId, amountText, merchantName, fileName, labels }: { qrId: string; amountText: string; merchantName: string; fileName: string; labels: { saveQr: string; savingQr: string; savedQr: string; saveQrFailed: string } }) {
  const [state, setState] = useState<"idle" | "saving" | "saved" | "failed">("idle");
  const save = async () => {
    setState("saving");
    try {
      const { saveQrImage } = await import("./save-qr");
      await saveQrImage({ qrId, amountText, merchantName, fileName });
      setState("saved");
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="flex flex-col items-center gap-1">
      <button
        type="button"
        onClick={save}
        disabled={state === "saving"}
        data-testid="save-qr"
        className="rounded-lg bg-teal-700 px-5 py-3 text-base font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70"
      >
        {state === "saving" ? labels.savingQr : labels.saveQr}
      </button>
      <span role="status" aria-live="polite" className="text-sm text-slate-700">
        {state === "saved" ? labels.savedQr : state === "failed" ? labels.saveQrFailed : ""}
      </span>
    </span>
  );
}
