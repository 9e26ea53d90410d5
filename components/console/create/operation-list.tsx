import Link from "next/link";
import type { CreateMessages } from "./messages";
import { operationHref, type Operation } from "./operations";

const DETAILS = (t: CreateMessages): Record<Operation, { title: string; detail: string }> => ({
  payin: { title: t.opPayinTitle, detail: t.opPayinDetail },
  p2p: { title: t.opP2pTitle, detail: t.opP2pDetail },
  payout: { title: t.opPayoutTitle, detail: t.opPayoutDetail },
  withdrawal: { title: t.opWithdrawalTitle, detail: t.opWithdrawalDetail },
});

/** The operations this person may create, as large links (keyboard: Tab and Enter). */
export function OperationList({ operations, t }: { operations: readonly Operation[]; t: CreateMessages }) {
  const details = DETAILS(t);
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="operations">
      {operations.map((operation) => (
        <li key={operation}>
          <Link
            href={operationHref(operation)}
            className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40"
          >
            <span className="block text-lg font-semibold text-brand-dark">{details[operation].title}</span>
            <span className="mt-1 block text-sm text-slate-600">{details[operation].detail}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
