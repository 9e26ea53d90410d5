import { QRCodeSVG } from "qrcode.react";

/**
 * A QR drawn on the server with qrcode.react's SVG renderer (it needs no browser): the customer
 * sees it in the first HTML, with JavaScript off or still loading, and the page ships no QR code
 * to the phone. Named for screen readers on the wrapper; the SVG itself is decoration.
 */
export function ServerQr({ value, label, size, id, testId }: { value: string; label: string; size: number; id?: string; testId?: string }) {
  return (
    <div role="img" aria-label={label} id={id} data-testid={testId} data-qr-value={value} className="inline-block max-w-full rounded-lg bg-white p-2 ring-1 ring-slate-200">
      {/* Margin 2 modules inside the white pad: scanners need the quiet zone. ECC M as in the console.
          Shrinks with a narrow or zoomed screen instead of pushing the page sideways. */}
      <QRCodeSVG value={value} size={size} level="M" marginSize={2} aria-hidden="true" focusable="false" className="block h-auto max-w-full" />
    </div>
  );
}
