"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { secondaryButtonClass } from "@/components/ui/button";
import { FormNotice } from "@/components/ui/field";
import type { ActionResult, ServerAction } from "@/lib/auth/action";
import { secondFactorRules } from "@/lib/auth/second-factor-rules";
import type { Locale } from "@/lib/i18n";
import { UNREACHABLE_MESSAGE } from "@/lib/i18n/action-messages";
import { securityMessages } from "./security-messages";

export interface SessionRow {
  id: string;
  device: string;
  ip: string | null;
  firstSeen: string;
  lastSeen: string;
  isCurrent: boolean;
}

/** The person's open sessions; any other one can be ended, or all others at once. */
export function SessionsList({
  sessions,
  endOne,
  endOthers,
  locale,
}: {
  sessions: SessionRow[];
  endOne: ServerAction<null>;
  endOthers: ServerAction<{ ended: number }>;
  locale: Locale;
}) {
  const t = securityMessages(locale);
  const router = useRouter();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const call = <T,>(run: () => Promise<ActionResult<T>>, done: (data: T) => string | null) =>
    startTransition(async () => {
      setSaid(null);
      let answer: ActionResult<T>;
      try {
        answer = await run();
      } catch {
        setSaid({ ok: false, text: UNREACHABLE_MESSAGE });
        return;
      }
      if (answer.ok) {
        const text = done(answer.data);
        if (text) setSaid({ ok: true, text });
      } else setSaid({ ok: false, text: secondFactorRules.words(locale, answer.message) });
      router.refresh();
    });
  const others = sessions.filter((session) => !session.isCurrent);
  return (
    <div className="space-y-3">
      <FormNotice error={said && !said.ok ? said.text : null} success={said?.ok ? said.text : null} testId="sessions" />
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm" data-testid="session-row">
            <div>
              <p className="font-medium">
                {session.device}
                {session.isCurrent && (
                  <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">{t.thisSession}</span>
                )}
              </p>
              <p className="text-xs text-slate-600">
                {session.ip ?? "—"} · {t.firstSeen} {session.firstSeen} · {t.lastSeen} {session.lastSeen}
              </p>
            </div>
            {!session.isCurrent && (
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={isPending}
                aria-label={`${t.endSession}: ${session.device}, ${session.ip ?? ""}`}
                onClick={() =>
                  call(
                    () => endOne(null, { sessionId: session.id }),
                    () => null,
                  )
                }
              >
                {t.endSession}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={isPending}
          onClick={() =>
            call(
              () => endOthers(null, {}),
              (data) => t.endedOthers(String(data.ended)),
            )
          }
        >
          {isPending ? t.ending : t.endOthers}
        </button>
      )}
    </div>
  );
}
