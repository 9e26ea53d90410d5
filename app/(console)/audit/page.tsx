import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { CONSOLE_SECTIONS } from "@/lib/auth/console-sections";
import { requirePermission } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Audit" };

export default async function AuditPage() {
  await requirePermission(CONSOLE_SECTIONS.audit.permissions);
  return <ComingSoon title="Audit" detail="who did what, when, and from where." />;
}
