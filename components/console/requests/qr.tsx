"use client";

import { QRCodeSVG } from "qrcode.react";

/** Every QR PayDesk draws goes through qrcode.react (docs/DESIGN.md §7), named for people who cannot see it. */
export function Qr({ value, label, size = 160, testId }: { value: string; label: string; size?: number; testId?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      data-testid={testId}
      data-qr-value={value}
      className="inline-block rounded-md border border-slate-200 bg-white p-2"
    >
      <QRCodeSVG value={value} size={size} level="M" aria-hidden="true" />
    </div>
  );
}
