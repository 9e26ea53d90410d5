"use client";

import { useState, useTransition } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { FormNotice } from "@/components/ui/field";
import type { WordedKeyCheck } from "@/lib/merchants/test-keys";
import { merchantMessages, translateMerchantMessage } from "./merchant-messages";

/** "Test the keys": one harmless read per key at the provider, and what it said. */
export function TestKeysPanel({
  action,
  merchantId,
  locale,
}: {
  action: ServerAction<{ checks: WordedKeyCheck[] }>;
  merchantId: string;
  locale: Locale;
}) {
  const t = merchantMessages(locale);
  const [checks, setChecks] = useState<WordedKeyCheck[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const run = () =>
    startTransition(async () => {
      setError(null);
      let answer: ActionResult<{ checks: WordedKeyCheck[] }>;
      try {
        answer = await action(null, { merchantId });
      } catch {
        setError(UNREACHABLE_MESSAGE);
        return;
      }
      if (answer.ok) setChecks(answer.data.checks);
      else setError(answer.message);
    });
  return (
    <div className="space-y-3" data-testid="test-keys-panel">
      <p className="text-sm text-slate-700">{t.testKeysIntro}</p>
      <button
        type="button"
        onClick={run}
        disabled={isPending}
        className="rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/50 disabled:opacity-60"
      >
        {isPending ? t.testing : t.testKeys}
      </button>
      <FormNotice error={error && translateMerchantMessage(locale, error)} testId="test-keys" />
      <div role="status" aria-live="polite">
        {checks && (
          <ul className="space-y-1 text-sm" data-testid="key-checks">
            {checks.map((check) => (
              <li key={check.key} data-testid={`key-check-${check.key}`} data-verdict={check.verdict}>
                <span className="font-medium">{check.key === "submit" ? t.submitKey : t.readKey}:</span>{" "}
                <span className={check.verdict === "works" ? "text-emerald-800" : "text-red-800"}>{t[`verdict.${check.verdict}`]}</span>
                {check.detail && <span className="block text-slate-700">{check.detail}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
