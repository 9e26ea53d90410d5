import type { ReactElement } from "react";
import { QRCodeSVG } from "qrcode.react";
import { runsOfQrcodeReactPath, strokePathOf } from "@/lib/checkout/qr-path";

const FOREGROUND = "#000000";

interface SvgProps {
  viewBox: string;
  children: unknown[];
}

/**
 * qrcode.react's modules for `value`, drawn as one short stroke path (lib/checkout/qr-path.ts).
 * QRCodeSVG is a forwardRef component; its render function runs here, inside this server
 * component's render (its useMemo needs that), and we keep its viewBox and foreground path.
 */
function qrDrawing(value: string): { cells: number; path: string } {
  const svg = (QRCodeSVG as unknown as { render(props: object, ref: null): ReactElement<SvgProps> }).render(
    { value, level: "M", marginSize: 2, fgColor: FOREGROUND, bgColor: "#FFFFFF" },
    null,
  );
  const cells = Number(svg.props.viewBox.split(" ")[2]);
  const paths = svg.props.children
    .flat()
    .filter(
      (child): child is ReactElement<{ d: string; fill: string }> =>
        typeof child === "object" && child !== null && (child as ReactElement).type === "path",
    );
  const foreground = paths.find((p) => p.props.fill === FOREGROUND);
  if (!foreground || !Number.isFinite(cells)) throw new Error("qrcode.react drew something unexpected");
  return { cells, path: strokePathOf(runsOfQrcodeReactPath(foreground.props.d)) };
}

/**
 * A QR drawn on the server from qrcode.react's modules (it needs no browser): the customer sees it
 * in the first HTML, with JavaScript off or still loading, and the page ships no QR code to the
 * phone. Named for screen readers on the wrapper; the SVG itself is decoration. The margin is 2
 * modules inside the white pad (scanners need the quiet zone); ECC M as in the console. It
 * shrinks with a narrow or zoomed screen instead of pushing the page sideways.
 */
export function ServerQr({ value, label, size, id, testId }: { value: string; label: string; size: number; id?: string; testId?: string }) {
  const { cells, path } = qrDrawing(value);
  return (
    <div
      role="img"
      aria-label={label}
      id={id}
      data-testid={testId}
      data-qr-value={value}
      className="inline-block max-w-full rounded-lg bg-white p-2 ring-1 ring-slate-200"
    >
      <svg
        viewBox={`0 0 ${cells} ${cells}`}
        width={size}
        height={size}
        aria-hidden="true"
        focusable="false"
        shapeRendering="crispEdges"
        className="block h-auto max-w-full"
      >
        <rect width={cells} height={cells} fill="#fff" />
        <path d={path} stroke="#000" strokeWidth={1} fill="none" />
      </svg>
    </div>
  );
}
