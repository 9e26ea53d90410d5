import type { ReactNode } from "react";
import { StepUpProvider } from "@/components/ui/step-up";
import type { StaffSession } from "@/lib/auth/current-session";
import type { Locale } from "@/lib/i18n/locale";
import { passkeyStepUpAction, passkeyStepUpOptionsAction, stepUpAction } from "./actions";

/**
 * The step-up dialog for a signed-in person (lib/auth/step-up.ts): the actions that check a fresh
 * code or passkey, and which of the two this person has. Used by the console's layout and by the
 * account's security page, which lies outside it.
 */
export function SessionStepUp({ session, locale, children }: { session: StaffSession; locale: Locale; children: ReactNode }) {
  return (
    <StepUpProvider
      actions={{ code: stepUpAction, passkeyOptions: passkeyStepUpOptionsAction, passkey: passkeyStepUpAction }}
      methods={{ totp: session.hasTotp === true, passkey: session.hasPasskey === true }}
      locale={locale}
    >
      {children}
    </StepUpProvider>
  );
}
