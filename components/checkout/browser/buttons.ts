/**
 * The checkout's buttons, on the server's markup: copy (components/ui/copy-button-view.tsx) and
 * Save QR (components/checkout/save-qr-button.tsx). What they say comes from the page's templates
 * and the button's own data attributes.
 */
import { writeClipboard } from "@/components/ui/write-clipboard";
import { cloneTemplate } from "./templates";

/** The drawing code, fetched on the first press (built beside this script by scripts/build-checkout-script.ts). */
const SAVE_QR_MODULE = "/checkout-assets/save-qr.js";

export function bindCopyButtons(root: HTMLElement): void {
  root.addEventListener("click", async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button[data-copy]");
    if (!button) return;
    const note = button.nextElementSibling!;
    const ok = await writeClipboard(button.dataset.copy!);
    note.replaceChildren(cloneTemplate(ok ? "tpl-copied" : "tpl-copy-failed"));
    if (ok) setTimeout(() => note.replaceChildren(), 2_500);
  });
}

export function bindSaveQr(root: HTMLElement): void {
  root.addEventListener("click", async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button[data-save-qr]");
    if (!button) return;
    const { saveQr, amount, merchant, file, saving, saved, failed } = button.dataset;
    const words = button.textContent;
    const note = button.nextElementSibling!;
    button.disabled = true;
    button.textContent = saving!;
    note.textContent = "";
    try {
      // A path in a variable: the bundler leaves the import to the browser, which fetches it with this script's nonce.
      const path = SAVE_QR_MODULE;
      const { saveQrImage } = (await import(path)) as typeof import("../save-qr");
      await saveQrImage({ qrId: saveQr!, amountText: amount!, merchantName: merchant!, fileName: file! });
      note.textContent = saved!;
    } catch {
      note.textContent = failed!;
    } finally {
      button.disabled = false;
      button.textContent = words;
    }
  });
}
