import type { Role } from "../db/schema";
import { canAny, type Permission } from "../auth/permissions";

/**
 * The console's sections and the permissions that open each (any one of them). Pages check their
 * entry on the server (requirePermission); the nav shows only the entries a role can open.
 */
export const CONSOLE_SECTIONS = {
  overview: { href: "/overview", label: "Overview", permissions: ["request.read"] },
  attention: { href: "/attention", label: "Needs attention", permissions: ["request.read"] },
  requests: { href: "/requests", label: "Requests", permissions: ["request.read"] },
  new: { href: "/new", label: "New request", permissions: ["payin.create", "p2p.create", "payout.create", "withdrawal.create"] },
  approvals: { href: "/approvals", label: "Approvals", permissions: ["payout.approve"] },
  bulk: { href: "/payouts/bulk", label: "Bulk Pay-Outs", permissions: ["payout.create"] },
  slips: { href: "/slips", label: "Slips", permissions: ["request.read"] },
  webhooks: { href: "/webhooks", label: "Provider webhooks", permissions: ["webhook.read"] },
  statement: { href: "/statement", label: "Statement", permissions: ["statement.read"] },
  settings: { href: "/settings", label: "Settings", permissions: ["merchant.manage", "staff.manage"] },
  audit: { href: "/audit", label: "Audit", permissions: ["audit.read"] },
} as const satisfies Record<string, { href: string; label: string; permissions: readonly Permission[] }>;

export type ConsoleSection = keyof typeof CONSOLE_SECTIONS;

/** `key` names the section for translation (components/console/shell-messages.ts); `label` is its English name. */
export function sectionsFor(role: Role): Array<{ key: ConsoleSection; href: string; label: string }> {
  return (Object.entries(CONSOLE_SECTIONS) as Array<[ConsoleSection, (typeof CONSOLE_SECTIONS)[ConsoleSection]]>)
    .filter(([, section]) => canAny(role, section.permissions))
    .map(([key, { href, label }]) => ({ key, href, label }));
}
