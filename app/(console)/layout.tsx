import { consoleFontClass } from "@/components/console/console-font";
import { ConsoleHeader } from "@/components/console/console-header";
import { QueryProvider } from "@/components/live/query-provider";
import { countAwaitingApproval } from "@/lib/approvals/awaiting-count";
import { sectionsFor } from "@/lib/auth/console-sections";
import { can } from "@/lib/auth/permissions";
import { selectedMerchant } from "@/lib/auth/selected-merchant";
import { requireSession } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { setLocaleAction } from "../login/actions";
import { selectMerchantAction, signOutAction } from "./actions";
import "../globals.css";

// No loading.tsx here on purpose: a page's forbidden() must land before streaming starts, or the
// 403 page would be sent with status 200.
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  const [choice, awaitingApproval] = await Promise.all([
    selectedMerchant(session),
    // The nav's count beside "Approvals", for those who may approve; it then follows the live stream.
    can(session.role, "payout.approve") ? countAwaitingApproval(await getDb(), session) : null,
  ]);
  return (
    <div className={`min-h-screen ${consoleFontClass}`}>
      <ConsoleHeader
        session={session}
        choice={choice}
        sections={sectionsFor(session.role)}
        selectMerchantAction={selectMerchantAction}
        signOutAction={signOutAction}
        setLocaleAction={setLocaleAction}
        awaitingApproval={awaitingApproval}
      />
      <main className="mx-auto max-w-6xl px-6 py-8">
        <QueryProvider>{children}</QueryProvider>
      </main>
    </div>
  );
}
