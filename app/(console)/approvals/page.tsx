import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { CONSOLE_SECTIONS } from "@/lib/auth/console-sections";
import { requirePermission } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage() {
  await requirePermission(CONSOLE_SECTIONS.approvals.permissions);
  return <ComingSoon title="Approvals" detail="Pay-Outs waiting for a second person's approval." />;
}
