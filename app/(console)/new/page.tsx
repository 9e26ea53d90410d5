import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { CONSOLE_SECTIONS } from "@/lib/auth/console-sections";
import { requirePermission } from "@/lib/auth/session";

export const metadata: Metadata = { title: "New request" };

export default async function NewRequestPage() {
  await requirePermission(CONSOLE_SECTIONS.new.permissions);
  return <ComingSoon title="New request" detail="forms for Pay-In, Pay-In P2P, Pay-Out and Withdrawal." />;
}
