/**
 * A merchant's colour (lib/merchants/branding.ts) and the one rule it must meet: at least 4.5 : 1
 * against white (WCAG 2.x AA for normal text), because the customer's pages draw it as text on white
 * and under white text. No imports: the settings form checks it in the browser with the same code.
 */
export const MIN_CONTRAST = 4.5;
export type BrandColorProblem = "not_a_colour" | "too_light";

/** "#RRGGBB" or "rrggbb" as "#rrggbb"; null for anything else. */
export function normalBrandColor(value: string): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value.trim());
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

const channel = (byte: number) => {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2.x contrast ratio of "#rrggbb" against white, 1 to 21. */
export function contrastWithWhite(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const luminance = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return 1.05 / (luminance + 0.05);
}

export function brandColorProblem(value: string): BrandColorProblem | null {
  const hex = normalBrandColor(value);
  if (!hex) return "not_a_colour";
  return contrastWithWhite(hex) >= MIN_CONTRAST ? null : "too_light";
}

/**
 * The largest logo file PayDesk takes (lib/merchants/branding.ts): half the 2 MiB every action post
 * may carry (lib/http/action-guard.ts), so a file just over it still reaches the action with the
 * form around it and is refused in words, with or without the browser's own check.
 */
export const LOGO_MAX_UPLOAD_BYTES = 1024 * 1024;

/** The logo's public address on PayDesk (app/brand/[merchantId]/logo/route.ts), with its version for caches. */
export const logoPath = (merchantId: string, version: string) => `/brand/${encodeURIComponent(merchantId)}/logo?v=${version}`;
