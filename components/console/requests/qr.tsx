"use client";

import { lazy, Suspense } from "react";
import { useLoadedAndIdle } from "@/components/ui/use-loaded-and-idle";

const QrSvg = lazy(() => import("qrcode.react").then((module) => ({ default: module.QRCodeSVG })));

/**
 * Every QR PayDesk draws in the console goes through qrcode.react (docs/DESIGN.md §7), named for
 * people who cannot see it. Its drawing code is fetched once the page has loaded and the browser
 * is idle: a QR is never what a request's page is opened for first, and on a phone those bytes
 * and their parsing would delay everything else on it. Until then the box holds its place.
 */
export function Qr({ value, label, size = 160, testId }: { value: string; label: string; size?: number; testId?: string }) {
  const ready = useLoadedAndIdle();
  const place = <div style={{ width: size, height: size }} />;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid={testId}
      data-qr-value={value}
      className="inline-block rounded-md border border-slate-200 bg-white p-2"
    >
      {ready ? (
        <Suspense fallback={place}>
          <QrSvg value={value} size={size} level="M" aria-hidden="true" />
        </Suspense>
      ) : (
        place
      )}
    </div>
  );
}
