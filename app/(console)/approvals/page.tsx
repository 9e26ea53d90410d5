import type { Metadata } from "next";
import { HeldRequestCard } from "@/components/console/approvals/held-request-card";
import { approvalMessages } from "@/components/console/approvals/messages";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { requirePermission } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { getLocale } from "@/lib/i18n/server";
import { listHeldRequests } from "@/lib/requests/approve";
import { approveRequestAction, declineRequestAction } from "./actions";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage() {
  const session = await requirePermission(CONSOLE_SECTIONS.approvals.permissions);
  const locale = await getLocale();
  const t = approvalMessages(locale);
  const held = await listHeldRequests(await getDb(), session);
  return (
    <section>
      <h1 className="text-2xl font-semibold">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t.intro}</p>
      {held.length === 0 ? (
        <p className="mt-6 text-slate-600" data-testid="approvals-empty">
          {t.empty}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {held.map((request) => (
            <HeldRequestCard
              key={request.id}
              request={request}
              viewerId={session.userId}
              locale={locale}
              approveAction={approveRequestAction}
              declineAction={declineRequestAction}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
