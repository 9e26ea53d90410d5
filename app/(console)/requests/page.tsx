import type { Metadata } from "next";
import { ComingSoon } from "@/components/console/coming-soon";
import { CONSOLE_SECTIONS } from "@/lib/auth/console-sections";
import { requirePermission } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Requests" };

export default async function RequestsPage() {
  await requirePermission(CONSOLE_SECTIONS.requests.permissions);
  return <ComingSoon title="Requests" detail="one list of Pay-In, Pay-Out and Withdrawal requests, each with its timeline." />;
}
