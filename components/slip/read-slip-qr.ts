import jsQR from "jsqr";
import { slipVerify } from "promptparse/validate";
import { referenceHalves } from "@/lib/slips/image";

/**
 * Thai bank slips carry a "mini QR" for slip verification: the sending bank and the transaction
 * reference, in the BOT's EMVCo-style payload (parsed by promptparse). Loaded only once a slip has
 * been picked, so jsQR never weighs on the page's first load.
 */
export function readSlipReference(canvas: HTMLCanvasElement): { first4: string; last4: string } | null {
  const g = canvas.getContext("2d");
  if (!g) return null;
  const pixels = g.getImageData(0, 0, canvas.width, canvas.height);
  const found = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "attemptBoth" });
  if (!found?.data) return null;
  const slip = slipVerify(found.data);
  return slip?.transRef ? referenceHalves(slip.transRef) : null;
}
