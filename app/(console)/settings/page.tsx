import { redirect } from "next/navigation";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { can } from "@/lib/auth/permissions";
import { requirePermission } from "@/lib/auth/current-session";

/** Settings opens on the first tab the person's role can use. */
export default async function SettingsPage() {
  const session = await requirePermission(CONSOLE_SECTIONS.settings.permissions);
  redirect(can(session.role, "merchant.manage") ? "/settings/merchants" : "/settings/staff");
}
