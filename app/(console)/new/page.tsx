import type { Metadata } from "next";
import { GateNotice } from "@/components/console/create/merchant-gate";
import { createMessages } from "@/components/console/create/messages";
import { OperationList } from "@/components/console/create/operation-list";
import { OPERATIONS } from "@/components/console/create/operations";
import { CONSOLE_SECTIONS } from "@/lib/navigation/console-sections";
import { can } from "@/lib/auth/permissions";
import { requirePermission } from "@/lib/auth/current-session";
import { getLocale } from "@/lib/i18n/server";
import { merchantGate } from "@/lib/requests/create-page";
import { selectMerchantAction } from "../actions";
import { OPERATION_TABLE } from "./operations";

export const metadata: Metadata = { title: "New request" };

export default async function NewRequestPage() {
  const session = await requirePermission(CONSOLE_SECTIONS.new.permissions);
  const t = createMessages(await getLocale());
  const gate = await merchantGate(session);
  // What the role cannot create is not offered at all; the actions refuse it regardless.
  const operations = OPERATIONS.filter((operation) => can(session.role, OPERATION_TABLE[operation].permission));
  return (
    <section>
      <h1 className="text-2xl font-semibold">{t.newTitle}</h1>
      <GateNotice gate={gate} t={t} selectMerchantAction={selectMerchantAction} />
      {gate.state === "ready" && (
        <>
          <p className="mt-2 text-slate-700">{t.newIntro(gate.merchant.displayName)}</p>
          <OperationList operations={operations} t={t} />
          {operations.length < OPERATIONS.length && <p className="mt-4 text-sm text-slate-600">{t.hiddenOperations}</p>}
        </>
      )}
    </section>
  );
}
