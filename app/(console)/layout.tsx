import { Suspense } from "react";
import { consoleFontClass } from "@/components/console/console-font";
import { ConsoleHeader } from "@/components/console/console-header";
import { NavigationPending } from "@/components/console/navigation-pending";
import { DatabaseUnreachable } from "@/components/database/database-unreachable";
import { pageStateMessages } from "@/components/page-state/page-state-messages";
import { QueryProvider } from "@/components/live/query-provider";
import { SessionStepUp } from "../account/security/session-step-up";
import { countAwaitingApproval } from "@/lib/approvals/awaiting-count";
import { sectionsFor } from "@/lib/navigation/console-sections";
import { can } from "@/lib/auth/permissions";
import { selectedMerchant } from "@/lib/navigation/selected-merchant";
import { requireSession } from "@/lib/auth/current-session";
import { getDb } from "@/lib/db";
import { attentionCount } from "@/lib/attention/inbox";
import { isDatabaseUnreachable } from "@/lib/db/unreachable";
import { getLocale, getPublicLocale } from "@/lib/i18n/server";
import { setLocaleAction } from "../login/actions";
import { selectMerchantAction, signOutAction } from "./actions";
import "../globals.css";
import { log } from "@/lib/ops/log";

async function loadShell() {
  const session = await requireSession();
  const [choice, awaitingApproval, attention] = await Promise.all([
    selectedMerchant(session),
    // The nav's count beside "Approvals", for those who may approve; it then follows the live stream.
    can(session.role, "payout.approve") ? countAwaitingApproval(await getDb(), session) : null,
    // …and beside "Needs attention" (lib/attention/inbox.ts), for everyone.
    attentionCount(await getDb(), session),
  ]);
  return { session, choice, awaitingApproval, attention };
}

// No loading.tsx here on purpose: a page's forbidden() must land before streaming starts, or the
// 403 page would be sent with status 200. NavigationPending says a page is loading instead.
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  // Every console page reads the person first: during a database outage that read fails, and the
  // page says so in words (in the browser's language: the person's own choice is in the database).
  const shell = await loadShell().catch((error: unknown) => {
    if (!isDatabaseUnreachable(error)) throw error;
    log("db").warn("a console page could not reach the database", { reason: error instanceof Error ? error.message : String(error) });
    return null;
  });
  if (!shell) {
    return (
      <main className="mx-auto max-w-6xl px-6 py-8">
        <DatabaseUnreachable locale={await getPublicLocale()} />
      </main>
    );
  }
  const { session, choice, awaitingApproval, attention } = shell;
  const loading = pageStateMessages(await getLocale(session)).loading;
  return (
    <div className={`min-h-screen ${consoleFontClass}`}>
      <Suspense fallback={null}>
        <NavigationPending label={loading} />
      </Suspense>
      {/* React Query serves the nav's approvals count (components/console/use-awaiting-approval-count.ts). */}
      <QueryProvider>
        <ConsoleHeader
          session={session}
          choice={choice}
          sections={sectionsFor(session.role)}
          selectMerchantAction={selectMerchantAction}
          signOutAction={signOutAction}
          setLocaleAction={setLocaleAction}
          awaitingApproval={awaitingApproval}
          attention={attention}
        />
        {/* Actions that need a fresh second factor ask for it here, then go ahead (lib/auth/step-up.ts). */}
        <SessionStepUp session={session} locale={await getLocale(session)}>
          <main className="mx-auto max-w-6xl px-4 py-4 sm:px-6 sm:py-8">{children}</main>
        </SessionStepUp>
      </QueryProvider>
    </div>
  );
}
