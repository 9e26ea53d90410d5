import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { CONSOLE_SECTIONS } from "@/lib/auth/console-sections";
import { requirePermission } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await requirePermission(CONSOLE_SECTIONS.webhooks.permissions);
  return <ComingSoon title="Webhooks" detail="every webhook the provider sent, and what PayDesk did with it." />;
}
