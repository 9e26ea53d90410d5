import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { CONSOLE_SECTIONS } from "@/lib/auth/console-sections";
import { requirePermission } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  await requirePermission(CONSOLE_SECTIONS.settings.permissions);
  return <ComingSoon title="Settings" detail="merchants, their API keys, and staff accounts." />;
}
