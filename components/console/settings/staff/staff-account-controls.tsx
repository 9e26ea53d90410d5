"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { translateStaffMessage } from "@/lib/staff/rule-messages";
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";
import { FormNotice } from "@/components/ui/field";
import { merchantMessages } from "../merchants/merchant-messages";
import { OneTimePasswordNotice } from "./one-time-password-notice";
import { staffMessages } from "./staff-messages";

interface Props {
  userId: string;
  isDisabled: boolean;
  disableAction: ServerAction<{ userId: string; isDisabled: boolean }>;
  enableAction: ServerAction<{ userId: string; isDisabled: boolean }>;
  resetAction: ServerAction<{ userId: string; oneTimePassword: string }>;
  locale: Locale;
}

/** Disable / enable the account, and make a new one-time password (shown once). */
export function StaffAccountControls({ userId, isDisabled, disableAction, enableAction, resetAction, locale }: Props) {
  const t = staffMessages(locale);
  const m = merchantMessages(locale);
  const router = useRouter();
  const [notice, setNotice] = useState<{ error?: string; success?: string } | null>(null);
  const [oneTimePassword, setOneTimePassword] = useState<string | null>(null);
  const [pending, setPending] = useState<"status" | "reset" | null>(null);
  const [, startTransition] = useTransition();

  const call = <T,>(which: "status" | "reset", action: ServerAction<T>, onOk: (data: T) => void) =>
    startTransition(async () => {
      setPending(which);
      setNotice(null);
      let answer: ActionResult<T>;
      try {
        answer = await action(null, { userId });
      } catch {
        answer = { ok: false, message: UNREACHABLE_MESSAGE, fieldErrors: {} };
      }
      setPending(null);
      if (!answer.ok) setNotice({ error: translateStaffMessage(locale, answer.message) });
      else onOk(answer.data);
    });

  return (
    <div className="space-y-4" data-testid="staff-account-controls">
      <FormNotice error={notice?.error} success={notice?.success} testId="staff-account" />
      <div>
        <button
          type="button"
          disabled={pending !== null}
          onClick={() =>
            call("status", isDisabled ? enableAction : disableAction, (data) => {
              setNotice({ success: data.isDisabled ? t.nowDisabled : t.nowEnabled });
              router.refresh();
            })
          }
          className={isDisabled ? primaryButtonClass : dangerButtonClass}
        >
          {pending === "status" ? (isDisabled ? t.enabling : t.disabling) : isDisabled ? t.enable : t.disable}
        </button>
        <p className="mt-1 text-sm text-slate-700">{t.disableHint}</p>
      </div>
      <div>
        <button
          type="button"
          disabled={pending !== null}
          onClick={() => call("reset", resetAction, (data) => setOneTimePassword(data.oneTimePassword))}
          className={secondaryButtonClass}
        >
          {pending === "reset" ? t.resetting : t.resetPassword}
        </button>
        <p className="mt-1 text-sm text-slate-700">{t.resetHint}</p>
      </div>
      {oneTimePassword && (
        <OneTimePasswordNotice
          heading={t.resetDone}
          password={oneTimePassword}
          label={t.oneTimePassword}
          hint={t.oneTimeHint}
          copy={m.copy}
          copied={m.copied}
        />
      )}
    </div>
  );
}
