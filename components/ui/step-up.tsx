"use client";

import { createContext, lazy, Suspense, useCallback, useContext, useState } from "react";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";

/**
 * The dialog's code (its words, the second factors' rules and their zod schemas, the passkey
 * client) loads only when an action first asks for a step-up: every console page has the
 * provider, and few visits ever need it.
 */
const StepUpDialog = lazy(() => import("./step-up-dialog"));

type Run = <T>(call: () => Promise<ActionResult<T>>) => Promise<ActionResult<T>>;
const StepUpContext = createContext<Run | null>(null);

/**
 * Sends an action, and when the door answers that it needs a fresh second factor (lib/auth/step-up.ts),
 * asks for a code in a dialog, checks it, and sends the same action once more. Outside the console
 * (no provider) the action's answer comes back as it is.
 */
export function useStepUp(): Run {
  const run = useContext(StepUpContext);
  return run ?? (async (call) => call());
}

/** The step-up actions (app/account/security/actions.ts) and which second factors the person has. */
export interface StepUpActions {
  code: ServerAction<null>;
  passkeyOptions: ServerAction<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>;
  passkey: ServerAction<null>;
}

export function StepUpProvider({
  actions,
  methods,
  locale,
  children,
}: {
  actions: StepUpActions;
  methods: { totp: boolean; passkey: boolean };
  locale: Locale;
  children: React.ReactNode;
}) {
  const [asking, setAsking] = useState<{ resolve: (passed: boolean) => void } | null>(null);

  const ask = useCallback(() => new Promise<boolean>((resolve) => setAsking({ resolve })), []);

  const run: Run = useCallback(
    async (call) => {
      const first = await call();
      if (first.ok || !first.stepUp) return first;
      return (await ask()) ? call() : first;
    },
    [ask],
  );

  const finish = (passed: boolean) => {
    asking?.resolve(passed);
    setAsking(null);
  };

  return (
    <StepUpContext.Provider value={run}>
      {children}
      {asking && (
        <Suspense fallback={null}>
          <StepUpDialog actions={actions} methods={methods} locale={locale} onDone={finish} />
        </Suspense>
      )}
    </StepUpContext.Provider>
  );
}
