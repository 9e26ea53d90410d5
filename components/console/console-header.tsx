import Link from "next/link";
import type { ServerAction } from "@/lib/auth/action";
import type { StaffSession } from "@/lib/auth/session";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import type { MerchantChoice } from "@/lib/auth/selected-merchant";
import { MerchantSwitcher } from "./merchant-switcher";
import { NavLinks } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

interface Props {
  session: StaffSession;
  choice: MerchantChoice;
  sections: Array<{ href: string; label: string }>;
  selectMerchantAction: ServerAction<{ merchantId: string }>;
  signOutAction: ServerAction<null>;
}

export function ConsoleHeader({ session, choice, sections, selectMerchantAction, signOutAction }: Props) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-3">
        <Link href="/requests" className="text-lg font-semibold text-brand-dark">
          PayDesk
        </Link>
        <div className="flex flex-wrap items-center gap-4">
          <MerchantSwitcher
            merchants={choice.merchants.map(({ id, displayName }) => ({ id, displayName }))}
            selectedId={choice.selected?.id ?? null}
            action={selectMerchantAction}
          />
          <p className="text-sm text-slate-700" data-testid="signed-in-as" title={session.email}>
            {session.name} · <span className="font-medium">{ROLE_LABELS[session.role]}</span>
          </p>
          <SignOutButton action={signOutAction} />
        </div>
      </div>
      <NavLinks items={sections} />
    </header>
  );
}
